import Testing

@testable import ShelfUI

private let size = Size(width: 120, height: 40)

private func huge(rows: Int, cardsPerRow: Int) -> ShelfContent {
  let cards = (0..<cardsPerRow).map { CardFace(id: "c\($0)", title: "Card \($0)") }
  return ShelfContent(
    title: "Huge",
    sections: [
      ShelfSection(
        id: "all", title: "Everything",
        rows: (0..<rows).map { CarouselRow(id: "r\($0)", title: "Row \($0)", cards: cards) })
    ])
}

@Test func onlyTheVisibleRowsAndCardsAreLaidOut() {
  let model = DisplayModel(huge(rows: 50_000, cardsPerRow: 40))
  var state = ViewState()
  state.rememberIDs(in: model)
  state.focus(row: 25_000, card: 30, in: model, size: size)
  let scene = Layout.scene(of: model, state: state, size: size)
  let visibleRows = ViewState.bodyHeight(for: size) / Metrics.rowHeight + 2
  #expect(scene.rows.count <= visibleRows)
  #expect(
    scene.rows.allSatisfy {
      $0.cards.count <= Metrics.strip(forScreenWidth: size.width).visibleCards
    })
  #expect(scene.rows.contains { $0.id == "r25000" && $0.isFocused })
}

@MainActor
@Test func aRowOfAHundredThousandCardsScrollsToItsEnd() {
  let screen = ShelfScreen(content: huge(rows: 3, cardsPerRow: 100_000))
  _ = screen.render(size: size, now: 0)
  _ = screen.handle(.character("$"), size: size)
  #expect(screen.focusedIDs.card == "c99999")
  let text = TextBackend.text(of: screen.render(size: size, now: 0))
  #expect(text.contains("100000 / 100000"))
  #expect(text.contains("‹"))
  #expect(text.contains("┃Card 99999"))
}

@MainActor
@Test func theLastOfFiftyThousandRowsIsOneKeyAway() {
  let screen = ShelfScreen(content: huge(rows: 50_000, cardsPerRow: 2))
  _ = screen.render(size: size, now: 0)
  _ = screen.handle(.end, size: size)
  #expect(screen.focusedIDs.row == "r49999")
  let lines = TextBackend.text(of: screen.render(size: size, now: 0)).split(separator: "\n")
  #expect(lines.contains { $0.hasPrefix("▸Row 49999") })
  #expect(lines[0].contains("50000 rows"))
}
