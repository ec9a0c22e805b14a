import ShelfDiff
import ShelfUI
import Testing

@testable import shelf

/// `CardTemplate.appendLine`, which `--filter` writes its lines with, writes
/// the bytes of `line(for:)` and a newline, whatever the values hold.
@Suite struct CardTemplateLine {
  /// Values that print as they are, and values with something to escape:
  /// tabs (kept), C0 and C1 controls, an invisible format character.
  static let values = [
    "", "Plain title", "Dostoyevsky – Бесы", "tab\there", "line\nbreak", "esc\u{1b}[31m",
    "del\u{7f}", "c1\u{85}x", "zero\u{200b}width", "emoji 📚",
  ]

  static let templates = [
    "{title}", "{id}\t{title}|{year} {rating} {row} {section} {url} {subtitle}", "{json}",
    "{nope}-{title}", "{section}", "{json} {title}", "«{id}»", "{tag}",
  ]

  @Test(arguments: templates)
  func aLineIsWrittenAsLineForMakesIt(template: String) {
    let format = CardTemplate(template)
    for (index, value) in Self.values.enumerated() {
      let other = Self.values[(index + 3) % Self.values.count]
      // A record's own fields come first: its `section` and `json` too.
      let fields: NamedValues =
        index % 2 == 0
        ? []
        : [
          NamedValue(name: "section", value: other), NamedValue(name: "json", value: value),
          NamedValue(name: "tag", value: other),
        ]
      let card = PickedCard(
        face: CardFace(
          id: "c\(index)", title: value, subtitle: other, year: index % 3 == 0 ? nil : 1_866,
          rating: index % 4 == 0 ? 4.5 : nil, summary: other, tags: [value],
          url: other, fields: fields),
        rowTitle: other, sectionTitle: value)
      var bytes: [UInt8] = [1, 2]
      format.appendLine(for: card, to: &bytes)
      #expect(
        bytes == [1, 2] + Array((format.line(for: card) + "\n").utf8), "\(template) \(value)")
    }
  }
}
