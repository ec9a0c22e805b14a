/// A problem that does not stop loading, such as a duplicate id or a
/// template naming a field no record has.
public struct CatalogWarning: Hashable, Sendable, CustomStringConvertible {
  /// What kind of thing is repeated, or missing.
  public enum Kind: Hashable, Sendable {
    /// Two sections with one id.
    case duplicateSectionID
    /// Two rows with one id anywhere in the catalog.
    case duplicateRowID
    /// Two cards with one id in the same row.
    case duplicateCardID
    /// A mapping option (`--title {nmae}`) names fields no record has: its
    /// text is blank where they stand.
    case unknownField
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
  /// For `unknownField`: each field no record has with the option that
  /// names it (`{nmae} in --title`), and the fields the records have.
  public var unknownFields: [String] = []
  public var knownFields: [String] = []

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

  /// An `unknownField` warning: `unknown` lists each field no record has
  /// with its option, `{nmae} in --title`; `known` the fields that exist.
  public init(unknownFields unknown: [String], knownFields known: [String], source: CatalogSource) {
    self.init(
      .unknownField, source: source, id: "", firstPath: "", duplicatePath: "", occurrences: 1)
    unknownFields = unknown
    knownFields = known
  }

  /// `shelf.json: duplicate row id "sci-fi" at sections[0].rows[1] and sections[2].rows[0]`,
  /// ending in `, 3 times in all` for an id repeated more than once.
  /// For `unknownField`: `books.csv: no record has the field {nmae} in
  /// --title, left blank (fields: "name", "author")`.
  public var description: String {
    let noun: String
    switch kind {
    case .duplicateSectionID: noun = "section"
    case .duplicateRowID: noun = "row"
    case .duplicateCardID: noun = "card"
    case .unknownField:
      let listed = knownFields.prefix(20).map { MessageText.quoted($0) }.joined(separator: ", ")
      let field = unknownFields.count == 1 ? "the field" : "the fields"
      return
        "\(source): no record has \(field) \(unknownFields.joined(separator: ", ")), left blank (fields: \(listed)\(knownFields.count > 20 ? ", …" : ""))"
    }
    let times = occurrences > 2 ? ", \(occurrences) times in all" : ""
    return
      "\(source): duplicate \(noun) id \(MessageText.quoted(id)) at \(firstPath) and \(duplicatePath)"
      + times
  }
}
