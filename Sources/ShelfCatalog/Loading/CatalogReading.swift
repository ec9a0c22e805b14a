/// The shapes of input Shelf reads.
public enum RecordFormat: String, CaseIterable, Hashable, Sendable {
  /// A catalog: sections of rows of items (`{"sections": …}` or `{"rows": …}`).
  case catalog
  /// A JSON array of objects, one record each.
  case json
  /// One JSON object a line.
  case ndjson
  /// Comma-separated values with RFC 4180 quoting; the first line names the fields.
  case csv
  /// Tab-separated values; the first line names the fields.
  case tsv
  /// Plain lines: each a record with the one field `line` (or a pattern's groups).
  case lines
}

/// How records become cards: which fields group them into rows and
/// sections, and the templates that make each card's id, title and the rest.
public struct RecordMapping: Hashable, Sendable {
  /// A row per distinct value of this field, in order of first appearance;
  /// nil: one row holds every record.
  public var groupBy: String?
  /// A section per distinct value of this field.
  public var sectionBy: String?
  /// Whether rows (and sections) are sorted by name rather than by first appearance.
  public var sortsRows = false
  /// The card's title; nil: the first of `title`, `name`, the first field.
  public var title: FieldTemplate?
  /// The card's second line.
  public var subtitle: FieldTemplate?
  /// The card's id; nil: the field `id`, else the record's whole content.
  public var id: FieldTemplate?
  /// The field holding a year (a whole number).
  public var year: String?
  /// The field holding a rating from 0 to 5.
  public var rating: String?
  /// The card's link.
  public var url: FieldTemplate?
  /// The card's cover picture: a path or an http(s) URL.
  public var image: FieldTemplate?
  /// The field holding tags, separated by commas.
  public var tags: String?

  /// A mapping from its parts; every part is optional.
  public init(
    groupBy: String? = nil, sectionBy: String? = nil, sortsRows: Bool = false,
    title: FieldTemplate? = nil, subtitle: FieldTemplate? = nil, id: FieldTemplate? = nil,
    year: String? = nil, rating: String? = nil, url: FieldTemplate? = nil, tags: String? = nil
  ) {
    self.groupBy = groupBy
    self.sectionBy = sectionBy
    self.sortsRows = sortsRows
    self.title = title
    self.subtitle = subtitle
    self.id = id
    self.year = year
    self.rating = rating
    self.url = url
    self.tags = tags
  }
}

/// How a source's bytes are read: their format (or how to choose it) and,
/// for records, how they become cards. One value is handed to every source.
public struct CatalogReading: Hashable, Sendable {
  /// The format; nil chooses it from the file's extension, then the content.
  public var format: RecordFormat?
  /// The names of CSV or TSV columns, when the first line is not a header.
  public var fields: [String]?
  /// For lines: a regular expression whose named groups become the fields
  /// (`(?<name>\S+)`); lines it does not match are left out.
  public var pattern: String?
  /// How records become cards.
  public var mapping: RecordMapping
  /// Whether text that is not JSON is read as lines when nothing asks for
  /// records, as fzf reads its input; false: it is a malformed catalog.
  public var readsTextAsLines = false

  /// A reading from its parts; by default the format is chosen.
  public init(
    format: RecordFormat? = nil, fields: [String]? = nil, pattern: String? = nil,
    mapping: RecordMapping = RecordMapping()
  ) {
    self.format = format
    self.fields = fields
    self.pattern = pattern
    self.mapping = mapping
  }

  /// Catalogs, and any other format chosen by extension and content.
  public static let automatic = CatalogReading()

  /// Whether anything asks for records rather than a catalog: a record
  /// format, column names, a pattern or a mapping.
  public var asksForRecords: Bool {
    (format != nil && format != .catalog) || fields != nil || pattern != nil
      || mapping != RecordMapping()
  }

  /// The problem with `pattern` as a regular expression, or nil when it is
  /// one with at least one named group.
  public static func problem(withPattern pattern: String) -> String? {
    do {
      _ = try Regex(pattern)
    } catch {
      return "not a regular expression: \(MessageText.safe(String(describing: error)))"
    }
    if RecordPattern.groupNames(in: pattern).isEmpty {
      return "the pattern names no group; write (?<name>...) for each field"
    }
    return nil
  }
}
