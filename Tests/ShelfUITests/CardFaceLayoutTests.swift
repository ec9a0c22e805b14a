import Testing

@testable import ShelfUI

/// A card's face as lines of text: templated lines, titles that run on, and
/// widths sized to the data.
@Suite struct CardFaceLayoutTests {
  private func label(_ face: CardFace, lines: [CardLine] = []) -> CardLabel {
    CardPlacement(face: face, x: 0, width: 20, isFocused: false, style: CardStyle(lines: lines))
      .face
  }

  @Test func aTemplatedLineNamesTheCardsOwnFieldsAndItsCommonOnes() {
    let face = CardFace(
      id: "c1", title: "Fix it", year: 2026, fields: [.init(name: "author", value: "Ada")])
    let line = CardLine([.field("author"), .text(" · "), .field("year"), .field("missing")])
    #expect(line.text(for: face) == "Ada · 2026")
    #expect(CardLine([.text("#"), .field("id")]).text(for: face) == "#c1")
  }

  @Test func aLineTooWideRunsOnIntoTheEmptyLineUnderItBrokenAtASpace() {
    let face = CardFace(id: "a", title: "A title of many words", subtitle: "")
    let lines = CardFaceLayout.lines(
      of: label(face, lines: [CardLine([.field("title")]), CardLine([.field("subtitle")])]),
      count: 2, width: 10)
    #expect(lines.map(\.text) == ["A title of", "many words"])
  }

  @Test func aLineRunsOnlyIntoEmptyLines() {
    let face = CardFace(id: "a", title: "A title of many words", subtitle: "Someone")
    let lines = CardFaceLayout.lines(of: label(face), count: 3, width: 10)
    #expect(
      lines.map(\.text) == ["A title of", "many words", "Someone"],
      "no year: the title takes two lines")
    let dated = CardFace(id: "a", title: "A title of many words", subtitle: "Someone", year: 1999)
    let standard = CardFaceLayout.lines(of: label(dated), count: 3, width: 10)
    #expect(standard.map(\.text) == ["A title of many words", "Someone", ""])
    #expect(standard.map(\.role) == [.title, .detail, .meta])
  }

  @Test func aWordWiderThanTheLineIsCutInside() {
    #expect(CardFaceLayout.breakIndex(of: "Supercalifragilistic", width: 8) == 8)
    #expect(CardFaceLayout.breakIndex(of: "short", width: 8) == nil)
    #expect(CardFaceLayout.breakIndex(of: "日本語の題", width: 5) == 2)
  }

  @Test func autoWidthIsTheNinetiethPercentileOfTitlesWithinAThirdOfTheStrip() {
    let titles = (1...20).map { String(repeating: "x", count: $0 * 3) }
    let content = Fixtures.oneRow(
      title: "", rowTitle: "r",
      cards: titles.enumerated().map { CardFace(id: "\($0.offset)", title: $0.element) })
    let measured = CardWidth.auto.measured(on: content)
    #expect(measured == .fitting(titleWidth: 54))
    let wide = Metrics.strip(forScreenWidth: 200, style: CardStyle(width: measured))
    #expect(wide.cardWidth == 56)
    let narrow = Metrics.strip(forScreenWidth: 90, style: CardStyle(width: measured))
    #expect(narrow.cardWidth == (86 + 1) / 3 - 1, "a third of the strip")
    let tiny = Metrics.strip(
      forScreenWidth: 200, style: CardStyle(width: .fitting(titleWidth: 3)))
    #expect(tiny.cardWidth == Metrics.minimumCardWidth)
    #expect(CardWidth.auto.measured(on: ShelfContent(title: "", sections: [])) == .auto)
  }

  @Test func aSetWidthIsKeptAndTheRowGrowsWithTheFacesLines() {
    let style = CardStyle(
      lines: Array(repeating: CardLine([.field("title")]), count: 4),
      width: .columns(30))
    #expect(Metrics.strip(forScreenWidth: 100, style: style).cardWidth == 30)
    #expect(
      Metrics.strip(forScreenWidth: 20, style: style).cardWidth == 16, "never wider than the strip")
    #expect(style.rowHeight == 7)
    #expect(CardStyle(lines: Array(repeating: CardLine([]), count: 6)).lineCount == 4)
  }
}
