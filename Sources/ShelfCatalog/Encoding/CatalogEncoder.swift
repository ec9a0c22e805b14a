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

  /// A string, escaped: quotes, backslashes and every control character.
  mutating func string(_ text: String) {
    output.append(.quote)
    for byte in text.utf8 {
      switch byte {
      case .quote, .backslash:
        output.append(.backslash)
        output.append(byte)
      case .newline:
        output.append(contentsOf: [.backslash, UInt8(ascii: "n")])
      case .tab:
        output.append(contentsOf: [.backslash, UInt8(ascii: "t")])
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [.backslash, UInt8(ascii: "u"), 0x30, 0x30])
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0xF)])
      default:
        output.append(byte)
      }
    }
    output.append(.quote)
  }
}
