/// A problem that does not stop loading, such as a duplicate id.
public struct CatalogWarning: Hashable, Sendable, CustomStringConvertible {
  /// What kind of thing is repeated.
  public enum Kind: Hashable, Sendable {
    /// Two sections with one id.
    case duplicateSectionID
    /// Two rows with one id anywhere in the catalog.
    case duplicateRowID
    /// Two cards with one id in the same row.
    case duplicateCardID
  }

  /// What is repeated.
  public var kind: Kind
  /// Where the bytes came from.
  public var source: CatalogSource
  /// The repeated id.
  public var id: String
  /// The JSON path of the first occurrence, such as `sections[0].rows[1]`.
  public var firstPath: String
  /// The JSON path of the second occurrence.
  public var duplicatePath: String
  /// How many times the id occurs (in the catalog for sections and rows, in
  /// its row for cards): 2 or more. One warning stands for all of them.
  public var occurrences: Int

  /// A warning from its parts.
  public init(
    _ kind: Kind, source: CatalogSource, id: String, firstPath: String, duplicatePath: String,
    occurrences: Int = 2
  ) {
    self.kind = kind
    self.source = source
    self.id = id
    self.firstPath = firstPath
    self.duplicatePath = duplicatePath
    self.occurrences = occurrences
  }

  /// `shelf.json: duplicate row id "sci-fi" at sections[0].rows[1] and sections[2].rows[0]`,
  /// ending in `, 3 times in all` for an id repeated more than once.
  public var description: String {
    let noun =
      switch kind {
      case .duplicateSectionID: "section"
      case .duplicateRowID: "row"
      case .duplicateCardID: "card"
      }
    let times = occurrences > 2 ? ", \(occurrences) times in all" : ""
    return
      "\(source): duplicate \(noun) id \(MessageText.quoted(id)) at \(firstPath) and \(duplicatePath)"
      + times
  }
}
