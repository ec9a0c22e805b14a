import ShelfCatalog
import ShelfUI

/// A card field that `--print`, `--bind` and `y` can name in braces.
enum CardField: String, CaseIterable, Sendable {
  case id, title, subtitle, year, rating, row, section, url, json

  /// The field's value in `card`: empty when the card has none.
  func value(of card: PickedCard) -> String {
    let face = card.face
    switch self {
    case .id: return face.id
    case .title: return face.title
    case .subtitle: return face.subtitle
    case .year: return face.year.map(String.init) ?? ""
    case .rating: return face.rating.map { String($0) } ?? ""
    case .row: return card.rowTitle
    case .section: return card.sectionTitle
    case .url: return face.url
    case .json:
      return CatalogEncoder.json(
        Card(
          id: face.id, title: face.title, subtitle: face.subtitle.isEmpty ? nil : face.subtitle,
          year: face.year, rating: face.rating, summary: face.summary.isEmpty ? nil : face.summary,
          tags: face.tags, url: face.url.isEmpty ? nil : face.url))
    }
  }

  /// Every field as written in a template: `{id}, {title}, …`.
  static var listed: String { allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ") }
}

/// Text with card fields in braces, such as `{title}|{year}`: what `--print`
/// writes for a picked card, what `y` copies, and a `--bind` command.
struct CardTemplate: Equatable, Sendable {
  enum Piece: Equatable, Sendable {
    case text(String)
    case field(CardField)
  }

  /// Why a template was refused.
  struct UnknownField: Error, Equatable, CustomStringConvertible {
    /// The braces as written, such as `{name}`.
    let field: String
    var description: String { "unknown field \(field) (fields: \(CardField.listed))" }
  }

  let pieces: [Piece]

  /// The template `{id}`.
  static let id = CardTemplate(pieces: [.field(.id)])

  private init(pieces: [Piece]) {
    self.pieces = pieces
  }

  /// Reads `text`: `{name}` where `name` is a `CardField` is that field;
  /// anything else is literal text, except that with `isStrict` a `{word}`
  /// naming no field is refused (a `--bind` command keeps it, as the shell's
  /// own `${HOME}` or `{a,b}`).
  init(_ text: String, isStrict: Bool) throws(UnknownField) {
    var pieces: [Piece] = []
    var literal = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      literal += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}") {
        let name = rest[afterOpen..<close]
        if let field = CardField(rawValue: String(name)) {
          if !literal.isEmpty { pieces.append(.text(literal)) }
          literal = ""
          pieces.append(.field(field))
          rest = rest[rest.index(after: close)...]
          continue
        }
        if isStrict, !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
          throw UnknownField(field: TerminalText.sanitized("{\(name)}"))
        }
      }
      literal.append("{")
      rest = rest[afterOpen...]
    }
    literal += rest
    if !literal.isEmpty { pieces.append(.text(literal)) }
    self.pieces = pieces
  }

  /// The first field that stands inside the template's own shell quotes
  /// (`'{title}'`, `"{url}"`), read as `/bin/sh` reads a `--bind` command: a
  /// field's value is quoted already, so such quotes close around it and
  /// leave it to the shell's word splitting.
  var fieldInsideQuotes: CardField? {
    var quote: Character?
    var isEscaped = false
    for piece in pieces {
      switch piece {
      case .field(let field):
        if quote != nil { return field }
        isEscaped = false
      case .text(let text):
        for character in text {
          if isEscaped {
            isEscaped = false
          } else if character == "\\" && quote != "'" {
            isEscaped = true
          } else if quote == nil && (character == "'" || character == "\"") {
            quote = character
          } else if character == quote {
            quote = nil
          }
        }
      }
    }
    return nil
  }

  /// The template filled in from `card`, each field's value passed through
  /// `transform` first.
  func text(for card: PickedCard, transform: (CardField, String) -> String) -> String {
    pieces.map { piece in
      switch piece {
      case .text(let text): return text
      case .field(let field): return transform(field, field.value(of: card))
      }
    }.joined()
  }

  /// One line for stdout or the clipboard: fields with their control
  /// characters escaped as `shelf diff` writes them (`\n`, `\u001b`), so a
  /// card is always one line. (`{json}` is escaped already.)
  func line(for card: PickedCard) -> String {
    text(for: card) { field, value in
      field == .json ? value : JSONText.escapingControls(value)
    }
  }

  /// A shell command line: every field one single-quoted word, so that no
  /// card text can run code, whatever it holds.
  func command(for card: PickedCard) -> String {
    text(for: card) { _, value in ShellQuoting.quoted(value) }
  }
}

/// Quoting for `/bin/sh`.
enum ShellQuoting {
  /// `text` as one word the shell reads back as exactly `text`: in single
  /// quotes, inside which nothing is special, each `'` written as `'\''`.
  /// A NUL, which no command line can hold, is written as the text `\u0000`.
  static func quoted(_ text: String) -> String {
    var result = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "'": result += "'\\''"
      case "\0": result += "\\u0000"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "'"
  }
}
