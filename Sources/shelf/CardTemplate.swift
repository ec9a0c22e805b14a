import ShelfCatalog
import ShelfUI

/// A name every card answers in braces besides its own fields.
enum PickField: String, CaseIterable, Sendable {
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
          tags: face.tags, url: face.url.isEmpty ? nil : face.url,
          image: face.image.isEmpty ? nil : face.image, fields: face.fields))
    }
  }

  /// Every name as written in a template: `{id}, {title}, …`.
  static var listed: String { allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ") }
}

/// Text with card fields in braces, such as `{title}|{year}`: what `--print`
/// writes for a picked card, what `y` copies, and a `--bind` command. A
/// name is looked up among the card's own fields first (a record's
/// `{section}` is its own), then among `PickField`'s.
struct CardTemplate: Equatable, Sendable {
  let template: FieldTemplate
  /// The name each of the template's pieces answers among `PickField`'s,
  /// read once rather than for each card `appendLine` writes.
  private let picks: [PickField?]

  /// The template `{id}`.
  static let id = CardTemplate("{id}")

  /// The template `{title}`: what `--filter` prints unless `--print` says.
  static let title = CardTemplate("{title}")

  /// Reads `text` (`FieldTemplate` says how).
  init(_ text: String) {
    template = FieldTemplate(text)
    picks = template.pieces.map { piece in
      guard case .field(let name) = piece else { return nil }
      return PickField(rawValue: name)
    }
  }

  /// The name of the first field that stands inside the template's own
  /// shell quotes (`'{title}'`, `"{url}"`), read as `/bin/sh` reads a
  /// `--bind` command: a field's value is quoted already, so such quotes
  /// close around it and leave it to the shell's word splitting.
  var fieldInsideQuotes: String? {
    var quote: Character?
    var isEscaped = false
    for piece in template.pieces {
      switch piece {
      case .field(let name):
        if quote != nil { return name }
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

  /// The value of the field `name` in `card`, or nil when it has none.
  static func value(of name: String, in card: PickedCard) -> String? {
    if let value = card.face.fields.value(named: name) { return value }
    return PickField(rawValue: name)?.value(of: card)
  }

  /// One line for stdout or the clipboard: fields with their control
  /// characters escaped as `shelf diff` writes them (`\n`, `\u001b`), so a
  /// card is always one line (`{json}` is escaped already), but for tabs,
  /// which keep a record's id (its values, tabs between) the line it was
  /// read from, for `cut` as fzf's output is; a field the card does not
  /// have is empty.
  func line(for card: PickedCard) -> String {
    template.text(
      value: { Self.value(of: $0, in: card) },
      transform: { name, value in
        name == PickField.json.rawValue && card.face.fields.value(named: name) == nil
          ? value : Self.escapingControlsButTabs(value)
      })
  }

  /// `line(for: card)` and a newline, appended to `bytes` as UTF-8: what
  /// `--filter` writes of each match, a value with nothing to escape
  /// copied as it is, with no string made between.
  ///
  /// - Complexity: O(the line's length) plus the look-ups.
  func appendLine(for card: PickedCard, to bytes: inout [UInt8]) {
    for (index, piece) in template.pieces.enumerated() {
      switch piece {
      case .text(let text): bytes += text.utf8
      case .field(let name):
        if let own = card.face.fields.value(named: name) {
          Self.appendEscapingControlsButTabs(own, to: &bytes)
        } else if let pick = picks[index] {
          let value = pick.value(of: card)
          // `{json}` is escaped already.
          if pick == .json {
            bytes += value.utf8
          } else {
            Self.appendEscapingControlsButTabs(value, to: &bytes)
          }
        }
      }
    }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// `escapingControlsButTabs(value)` appended to `bytes`: printable ASCII
  /// (most values) as it is.
  private static func appendEscapingControlsButTabs(_ value: String, to bytes: inout [UInt8]) {
    let isPlain =
      value.utf8.withContiguousStorageIfAvailable { text in
        guard text.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return false }
        bytes.append(contentsOf: text)
        return true
      } ?? false
    if !isPlain { bytes += escapingControlsButTabs(value).utf8 }
  }

  private static func escapingControlsButTabs(_ value: String) -> String {
    guard value.utf8.contains(UInt8(ascii: "\t")) else { return JSONText.escapingControls(value) }
    return value.split(separator: "\t", omittingEmptySubsequences: false)
      .map { JSONText.escapingControls(String($0)) }.joined(separator: "\t")
  }

  /// A shell command line: every field one single-quoted word, so that no
  /// card text can run code, whatever it holds. A name the card does not
  /// have stays as written, as the shell's own `${HOME}` does.
  func command(for card: PickedCard) -> String {
    template.text(
      value: { Self.value(of: $0, in: card) }, transform: { ShellQuoting.quoted($1) },
      missing: { "{\($0)}" })
  }
}

extension CardTemplate {
  /// A warning for the fields the template names that no card of
  /// `catalogs` has and no card answers (`PickField`): they print empty,
  /// as fzf prints a field a line lacks, so the command goes on; nil
  /// when every name is known. `option` names the template's option.
  ///
  /// - Complexity: O(1) when the first card has every field named; else
  ///   O(the cards) look-ups.
  func unknownFieldsWarning(option: String, in catalogs: [Catalog]) -> String? {
    var unseen: [String] = []
    for name in template.fieldNames where PickField(rawValue: name) == nil {
      if !unseen.contains(name) { unseen.append(name) }
    }
    guard !unseen.isEmpty else { return nil }
    var known = PickField.allCases.map(\.rawValue)
    var listedCards = 0
    for catalog in catalogs {
      for row in catalog.rows {
        for card in row.items {
          unseen.removeAll { card.field(named: $0) != nil }
          if unseen.isEmpty { return nil }
          // The names of the first cards' fields are enough to list.
          guard listedCards < 100 else { continue }
          listedCards += 1
          for field in card.fields where !known.contains(field.name) { known.append(field.name) }
        }
      }
    }
    let names = unseen.map { "{\(TerminalText.sanitized($0))}" }.joined(separator: ", ")
    let listed = known.map { "{\(TerminalText.sanitized($0))}" }.joined(separator: ", ")
    return
      "\(option): no card has \(unseen.count == 1 ? "the field" : "the fields") \(names), printed empty (fields: \(listed))"
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
