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
  /// The JSON path of the later occurrence.
  public var duplicatePath: String

  /// A warning from its parts.
  public init(
    _ kind: Kind, source: CatalogSource, id: String, firstPath: String, duplicatePath: String
  ) {
    self.kind = kind
    self.source = source
    self.id = id
    self.firstPath = firstPath
    self.duplicatePath = duplicatePath
  }

  /// `shelf.json: duplicate row id "sci-fi" at sections[0].rows[1] and sections[2].rows[0]`.
  public var description: String {
    let noun =
      switch kind {
      case .duplicateSectionID: "section"
      case .duplicateRowID: "row"
      case .duplicateCardID: "card"
      }
    return
      "\(source): duplicate \(noun) id \(MessageText.quoted(id)) at \(firstPath) and \(duplicatePath)"
  }
}
