/// Where catalog bytes came from, as named in messages.
public enum CatalogSource: Hashable, Sendable, CustomStringConvertible {
  /// A file, named by the path it was opened with.
  case file(String)
  /// The whole of standard input (`--catalog -`).
  case standardInput
  /// One line of an NDJSON stream (`--stream`), numbered from 1.
  case streamLine(Int, stream: String = "stdin")
  /// Bytes handed over in memory, under a name for messages.
  case named(String)

  /// `catalog.json`, `stdin` or `stdin, line 4`.
  public var description: String {
    switch self {
    case .file(let path): MessageText.safe(path)
    case .standardInput: "stdin"
    case .streamLine(let line, let stream): "\(MessageText.safe(stream)), line \(line)"
    case .named(let name): MessageText.safe(name)
    }
  }
}

/// Why a catalog could not be loaded: one line naming the source, the place
/// in the JSON and the problem, and a sysexits exit code.
///
/// The one-line form is
/// `<source>[, line L, column C]: [<JSON path>: ]<problem>`, for example
/// `shelf.json, line 12, column 20: sections[0].rows[3].items[7].title: expected a string, found the number 42`.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure; it decides the exit code.
  public enum Kind: Hashable, Sendable {
    /// The file does not exist (66).
    case notFound
    /// The path names a directory (66).
    case isDirectory
    /// The file exists but may not be read, e.g. permission denied (66).
    case notReadable
    /// Reading failed part way, e.g. EIO (74).
    case ioFailure
    /// The file or line is larger than the limit (65).
    case tooLarge
    /// The file holds nothing but white space (65).
    case empty
    /// The bytes are not UTF-8 (65).
    case invalidUTF8
    /// The text is not JSON (65).
    case malformedJSON
    /// Arrays and objects nest deeper than the limit (65).
    case tooDeep
    /// Well-formed JSON that is not a catalog: wrong type, missing field,
    /// bad id, value out of range, unknown top-level shape (65).
    case invalidCatalog
  }

  /// The kind of failure.
  public var kind: Kind
  /// Where the bytes came from.
  public var source: CatalogSource
  /// 1-based line of the problem in the source, when it is at a place in the bytes.
  ///
  /// For a stream line the line is the stream's (see `source`), so this is nil.
  public var line: Int?
  /// 1-based column (in characters) of the problem, when it is at a place in the bytes.
  public var column: Int?
  /// The JSON path of the value at fault, such as `sections[0].rows[3].title`;
  /// empty when the problem is not one value's.
  public var path: String
  /// What is wrong, such as `expected a string, found the number 42`.
  public var problem: String

  /// An error from its parts.
  public init(
    _ kind: Kind, source: CatalogSource, line: Int? = nil, column: Int? = nil, path: String = "",
    problem: String
  ) {
    self.kind = kind
    self.source = source
    self.line = line
    self.column = column
    self.path = path
    self.problem = problem
  }

  /// The sysexits code: 66 missing or unreadable input, 74 I/O error, 65 bad data.
  public var exitCode: Int32 {
    switch kind {
    case .notFound, .isDirectory, .notReadable: 66
    case .ioFailure: 74
    case .tooLarge, .empty, .invalidUTF8, .malformedJSON, .tooDeep, .invalidCatalog: 65
    }
  }

  /// The one-line message, without a program name.
  public var description: String {
    var text = source.description
    if let line {
      if case .streamLine = source {
      } else {
        text += ", line \(line)"
      }
    }
    if let column { text += ", column \(column)" }
    text += ": "
    if !path.isEmpty { text += path + ": " }
    return text + problem
  }
}

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

/// A catalog and the warnings found while loading it.
public struct LoadedCatalog: Equatable, Sendable {
  /// The catalog.
  public var catalog: Catalog
  /// Duplicate ids, first occurrence first; at most `CatalogLimits.maximumWarnings`.
  public var warnings: [CatalogWarning]
  /// How many further warnings were found but not kept.
  public var omittedWarningCount: Int

  /// A loaded catalog from its parts.
  public init(catalog: Catalog, warnings: [CatalogWarning] = [], omittedWarningCount: Int = 0) {
    self.catalog = catalog
    self.warnings = warnings
    self.omittedWarningCount = omittedWarningCount
  }

  /// One line per warning, plus `... and N more warnings` when some were omitted.
  public var warningLines: [String] {
    var lines = warnings.map(\.description)
    if omittedWarningCount > 0, let source = warnings.first?.source {
      let ids = omittedWarningCount == 1 ? "id" : "ids"
      lines.append("\(source): ... and \(omittedWarningCount) more duplicate \(ids)")
    }
    return lines
  }
}
