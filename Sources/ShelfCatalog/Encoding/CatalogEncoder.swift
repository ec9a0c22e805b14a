/// Writes catalogs as JSON that `CatalogLoader` reads back to an equal catalog.
public enum CatalogEncoder {
  /// The catalog as JSON text: on one line (for NDJSON streams) unless `pretty`.
  ///
  /// A catalog of one section with an empty id and no title is written with a
  /// top-level `"rows"` array, as it was read.
  public static func json(_ catalog: Catalog, pretty: Bool = false) -> String {
    String(decoding: bytes(catalog, pretty: pretty), as: UTF8.self)
  }

  /// The catalog as UTF-8 JSON bytes; see `json(_:pretty:)`.
  public static func bytes(_ catalog: Catalog, pretty: Bool = false) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writer.beginObject()
    writer.key("title")
    writer.string(catalog.title)
    if catalog.sections.count == 1, catalog.sections[0].id.isEmpty, catalog.sections[0].title == nil
    {
      writer.key("rows")
      rows(catalog.sections[0].rows, into: &writer)
    } else {
      writer.key("sections")
      writer.beginArray()
      for section in catalog.sections {
        writer.element()
        writer.beginObject()
        writer.key("id")
        writer.string(section.id)
        if let title = section.title {
          writer.key("title")
          writer.string(title)
        }
        writer.key("rows")
        rows(section.rows, into: &writer)
        writer.endObject()
      }
      writer.endArray()
    }
    writer.endObject()
    if pretty { writer.output.append(.newline) }
    return writer.output
  }

  private static func rows(_ rows: [Row], into writer: inout JSONWriter) {
    writer.beginArray()
    for row in rows {
      writer.element()
      writer.beginObject()
      writer.key("id")
      writer.string(row.id)
      writer.key("title")
      writer.string(row.title)
      writer.key("items")
      writer.beginArray()
      for card in row.items {
        writer.element()
        self.card(card, into: &writer)
      }
      writer.endArray()
      writer.endObject()
    }
    writer.endArray()
  }

  /// One card as a JSON object on one line, with the fields the catalog
  /// format gives a card (absent ones left out), as `shelf --pick` prints `{json}`.
  public static func json(_ card: Card) -> String {
    var writer = JSONWriter(pretty: false)
    self.card(card, into: &writer)
    return String(decoding: writer.output, as: UTF8.self)
  }

  /// The members a card's own properties write.
  private static let memberNames: Set<String> = [
    "id", "title", "subtitle", "year", "rating", "summary", "tags", "url", "image",
  ]

  private static func card(_ card: Card, into writer: inout JSONWriter) {
    writer.beginObject(inline: true)
    writer.key("id")
    writer.string(card.id)
    writer.key("title")
    writer.string(card.title)
    if let subtitle = card.subtitle {
      writer.key("subtitle")
      writer.string(subtitle)
    }
    if let year = card.year {
      writer.key("year")
      writer.raw(String(year))
    }
    if let rating = card.rating {
      writer.key("rating")
      writer.raw(rating.isFinite ? String(rating) : "null")
    }
    if let summary = card.summary {
      writer.key("summary")
      writer.string(summary)
    }
    if !card.tags.isEmpty {
      writer.key("tags")
      writer.beginArray(inline: true)
      for tag in card.tags {
        writer.element()
        writer.string(tag)
      }
      writer.endArray()
    }
    if let url = card.url {
      writer.key("url")
      writer.string(url)
    }
    if let image = card.image {
      writer.key("image")
      writer.string(image)
    }
    // Kept fields as strings: their text is what a card holds of them. A
    // name the card's own members use is left out, so the JSON stays one
    // object with unique keys.
    for field in card.fields where !Self.memberNames.contains(field.name) {
      writer.key(field.name)
      writer.string(field.value)
    }
    writer.endObject()
  }
}

/// A small JSON writer: compact, or indented two spaces with chosen
/// containers kept on one line.
struct JSONWriter {
  let pretty: Bool
  var output: [UInt8] = []
  /// Per open container: whether it is on one line, and whether it has members yet.
  private var stack: [(inline: Bool, isEmpty: Bool)] = []

  init(pretty: Bool) {
    self.pretty = pretty
  }

  private var isInline: Bool { !pretty || stack.contains { $0.inline } }

  private mutating func separate() {
    guard !stack.isEmpty else { return }
    if !stack[stack.count - 1].isEmpty { output.append(.comma) }
    stack[stack.count - 1].isEmpty = false
    if isInline {
      if pretty, output.last == .comma { output.append(.space) }
    } else {
      newline()
    }
  }

  private mutating func newline() {
    output.append(.newline)
    output.append(contentsOf: repeatElement(.space, count: stack.count * 2))
  }

  mutating func beginObject(inline: Bool = false) {
    output.append(.openBrace)
    stack.append((inline, true))
  }

  mutating func endObject() {
    let wasInline = isInline
    let (_, isEmpty) = stack.removeLast()
    if !isEmpty, !wasInline { newline() }
    output.append(.closeBrace)
  }

  mutating func beginArray(inline: Bool = false) {
    output.append(.openBracket)
    stack.append((inline, true))
  }

  mutating func endArray() {
    let wasInline = isInline
    let (_, isEmpty) = stack.removeLast()
    if !isEmpty, !wasInline { newline() }
    output.append(.closeBracket)
  }

  /// Starts an array element.
  mutating func element() { separate() }

  /// Starts an object member.
  mutating func key(_ key: String) {
    separate()
    string(key)
    output.append(.colon)
    if pretty { output.append(.space) }
  }

  /// A number or literal, as given.
  mutating func raw(_ text: String) { output.append(contentsOf: text.utf8) }

  /// A string in quotes, escaped as `JSONText.appendQuoted(_:to:)` does.
  mutating func string(_ text: String) {
    JSONText.appendQuoted(text, to: &output)
  }
}

/// The one way Shelf writes a string into JSON: `CatalogEncoder`, `shelf diff`
/// and any other JSON output go through it.
package enum JSONText {
  /// `text` as a JSON string literal, quotes included.
  package static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` as a JSON string literal, as UTF-8.
  ///
  /// Quotes and backslashes are escaped, and so is every scalar that could
  /// act on a terminal or hide in text (see `isEscaped(_:)`), as `\uXXXX`
  /// (a surrogate pair above U+FFFF). A JSON reader gets the same string back;
  /// printed raw, the output holds no control character and nothing invisible.
  package static func appendQuoted(_ text: String, to output: inout [UInt8]) {
    output.append(.quote)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        let byte = UInt8(value)
        switch byte {
        case .quote, .backslash:
          output.append(.backslash)
          output.append(byte)
        case .newline:
          output.append(contentsOf: [.backslash, UInt8(ascii: "n")])
        case .tab:
          output.append(contentsOf: [.backslash, UInt8(ascii: "t")])
        case 0..<0x20, 0x7F:
          appendEscape(UInt16(value), to: &output)
        default:
          output.append(byte)
        }
      } else if isEscaped(scalar) {
        if value > 0xFFFF {
          let offset = value - 0x1_0000
          appendEscape(UInt16(0xD800 + (offset >> 10)), to: &output)
          appendEscape(UInt16(0xDC00 + (offset & 0x3FF)), to: &output)
        } else {
          appendEscape(UInt16(value), to: &output)
        }
      } else {
        output.append(contentsOf: UTF8.encode(scalar)!)
      }
    }
    output.append(.quote)
  }

  /// `text` with every scalar JSON output escapes (see `isEscaped(_:)`)
  /// written as that escape (`\n`, `\t`, `\u001b`), and nothing else
  /// changed: a field printed on its own line (`shelf --pick`) that holds no
  /// control character and stays one line.
  package static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isEscaped) else { return text }
    var output: [UInt8] = []
    for scalar in text.unicodeScalars {
      guard isEscaped(scalar) else {
        output.append(contentsOf: UTF8.encode(scalar)!)
        continue
      }
      var quoted: [UInt8] = []
      appendQuoted(String(scalar), to: &quoted)
      output.append(contentsOf: quoted.dropFirst().dropLast())
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether JSON output writes `scalar` as an escape: the C0 and C1 controls
  /// and DEL; format characters (general category Cf: the bidi controls
  /// U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, the zero-width
  /// U+200B–U+200D, U+2060 and U+FEFF, the soft hyphen, tag characters);
  /// the line and paragraph separators U+2028 and U+2029; and every other
  /// default-ignorable code point (variation selectors, U+034F, Hangul fillers).
  package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    if value < 0xA0 { return false }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return properties.isDefaultIgnorableCodePoint
    }
  }

  private static func appendEscape(_ unit: UInt16, to output: inout [UInt8]) {
    output.append(contentsOf: [.backslash, UInt8(ascii: "u")])
    for shift: UInt16 in [12, 8, 4, 0] {
      let digit = UInt8((unit >> shift) & 0xF)
      output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }
}
