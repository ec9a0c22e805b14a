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
    /// A command failed or took too long, or a URL could not be fetched: no
    /// connection, a timeout, an HTTP error status (69).
    case unavailable
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
    /// Records grouped by a field that none of them has: the command line
    /// names the wrong field (64).
    case unknownField
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

  /// The sysexits code: 66 missing or unreadable input, 74 I/O error, 65 bad
  /// data, 69 a source that is unavailable, 64 a field the command line
  /// names that no record has.
  public var exitCode: Int32 {
    switch kind {
    case .notFound, .isDirectory, .notReadable: 66
    case .ioFailure: 74
    case .unavailable: 69
    case .unknownField: 64
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
