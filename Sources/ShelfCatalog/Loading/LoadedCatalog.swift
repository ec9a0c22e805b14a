/// A catalog and the warnings found while loading it.
public struct LoadedCatalog: Equatable, Sendable {
  /// The catalog.
  public var catalog: Catalog
  /// Duplicate ids, first occurrence first; at most `CatalogLimits.maximumWarnings`.
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
  public var warningSummary: String? {
    guard let first = warnings.first else { return nil }
    let count = warnings.count + omittedWarningCount
    guard count > 1 else { return first.description }
    let examples = warnings.prefix(3).map { MessageText.quoted($0.id) }.joined(separator: ", ")
    return "\(first.source): \(count) ids occur more than once, e.g. \(examples)"
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
