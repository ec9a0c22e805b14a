/// Text with field names in braces, such as `{title} ({year})`: how records
/// become cards (`--title`, `--id`) and what a picked card prints or a bound
/// key runs (`--print`, `--bind`). The one template engine of Shelf.
///
/// `{name}` names a field when `name` is letters, digits, `_`, `-`, `.` or
/// `:`; any other brace (`{a,b}`, `{}`, a lone `{`) is literal text.
public struct FieldTemplate: Hashable, Sendable {
  /// A run of literal text or a field's place.
  public enum Piece: Hashable, Sendable {
    /// Text written as it stands.
    case text(String)
    /// The value of the field with this name.
    case field(String)
  }

  /// The template's pieces, in order.
  public let pieces: [Piece]

  /// Reads `text`.
  ///
  /// - Complexity: O(`text.count`).
  public init(_ text: String) {
    var pieces: [Piece] = []
    var literal = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      literal += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}") {
        let name = rest[afterOpen..<close]
        if !name.isEmpty, name.allSatisfy(Self.isNameCharacter) {
          if !literal.isEmpty { pieces.append(.text(literal)) }
          literal = ""
          pieces.append(.field(String(name)))
          rest = rest[rest.index(after: close)...]
          continue
        }
      }
      literal.append("{")
      rest = rest[afterOpen...]
    }
    literal += rest
    if !literal.isEmpty { pieces.append(.text(literal)) }
    self.pieces = pieces
  }

  /// A template of the one field `name`: `{name}`.
  public init(field name: String) {
    pieces = [.field(name)]
  }

  /// The names of the fields it uses, in order.
  public var fieldNames: [String] {
    pieces.compactMap { if case .field(let name) = $0 { name } else { nil } }
  }

  /// Whether it is a single field and nothing else.
  public var singleField: String? {
    if pieces.count == 1, case .field(let name) = pieces[0] { return name }
    return nil
  }

  /// The template filled in: each field's value from `value` passed through
  /// `transform`; a field `value` does not know is `missing(name)`.
  ///
  /// - Complexity: O(the result's length) plus the look-ups.
  public func text(
    value: (String) -> String?, transform: (String, String) -> String = { $1 },
    missing: (String) -> String = { _ in "" }
  ) -> String {
    if pieces.count == 1 {
      switch pieces[0] {
      case .text(let text): return text
      case .field(let name): return value(name).map { transform(name, $0) } ?? missing(name)
      }
    }
    var result = ""
    for piece in pieces {
      switch piece {
      case .text(let text): result += text
      case .field(let name): result += value(name).map { transform(name, $0) } ?? missing(name)
      }
    }
    return result
  }

  private static func isNameCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || "_-.:".contains(character)
  }
}
