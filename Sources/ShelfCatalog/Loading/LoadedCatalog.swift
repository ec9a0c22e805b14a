/// A catalog and the warnings found while loading it.
public struct LoadedCatalog: Equatable, Sendable {
  /// The catalog.
  public var catalog: Catalog
  /// Fields a mapping names that no record has, then duplicate ids, first
  /// occurrence first; at most `CatalogLimits.maximumWarnings`.
  public var warnings: [CatalogWarning]
  /// How many further warnings were found but not kept.
  public var omittedWarningCount: Int
  /// The format the bytes were read in.
  public var format: RecordFormat = .catalog
  /// Why that format: `as asked`, `from the extension`, `from the content`.
  public var formatReason = ""

  /// A loaded catalog from its parts.
  public init(catalog: Catalog, warnings: [CatalogWarning] = [], omittedWarningCount: Int = 0) {
    self.catalog = catalog
    self.warnings = warnings
    self.omittedWarningCount = omittedWarningCount
  }

  /// The warnings in one line: the warning itself when there is one,
  /// else how many ids repeat, with the first three
  /// (`books.json: 87 ids occur more than once, e.g. "a", "b", "c"`);
  /// nil without warnings.
  /// A field no record has comes first, then the ids.
  public var warningSummary: String? {
    let unknown = warnings.first { $0.kind == .unknownField }
    let duplicates = warnings.filter { $0.kind != .unknownField }
    var summary: String?
    if let first = duplicates.first {
      let count = duplicates.count + omittedWarningCount
      let examples = duplicates.prefix(3).map { MessageText.quoted($0.id) }
        .joined(separator: ", ")
      summary =
        count > 1
        ? "\(first.source): \(count) ids occur more than once, e.g. \(examples)"
        : first.description
    }
    guard let unknown else { return summary }
    return [unknown.description, summary].compactMap { $0 }.joined(separator: "; ")
  }

  /// One line per warning, plus `... and N more warnings` when some were omitted.
  public var warningLines: [String] {
    // (Records carry no duplicate warnings: equal records are kept apart by occurrence.)
    var lines = warnings.map(\.description)
    if omittedWarningCount > 0, let source = warnings.first?.source {
      let ids = omittedWarningCount == 1 ? "id" : "ids"
      lines.append("\(source): ... and \(omittedWarningCount) more duplicate \(ids)")
    }
    return lines
  }
}
