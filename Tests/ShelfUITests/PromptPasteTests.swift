import ShelfUI
import Testing

// What a paste puts in the `/` prompt, and how a query too long for the
// screen, or for the filter, is shown.

@MainActor
@Test func aPastedLineBreakOrTabBecomesASpaceBetweenWords() {
  let screen = screen()
  press(.character("/"), .paste("misérables\nhugo\r\nvictor\tx\u{7}y"), on: screen)
  #expect(screen.filter.query == "misérables hugo victor xy")
}

@MainActor
@Test func aQueryIsCutAtItsLimitAndThePromptSaysSo() {
  let screen = screen()
  press(.character("/"), on: screen)
  let piece = String(repeating: "é日🐉a", count: 1_000)  // 4,000 characters
  press(.paste(piece), .paste(piece), on: screen)
  #expect(screen.filter.query.count == ShelfScreen.queryLimit)
  #expect(screen.filter.query == String((piece + piece).prefix(ShelfScreen.queryLimit)))
  // The prompt says so, and shows the query's end, where typing happens.
  var prompt = screen.render(size: Fixtures.screenSize, now: 0).lines.last ?? ""
  #expect(prompt.contains("filter cut at 4,096 characters"), "\(prompt)")
  #expect(prompt.contains("Filter: "))
  #expect(prompt.contains("é日🐉a▏"), "\(prompt)")
  // A key past the limit changes nothing and says so again; Backspace takes one off.
  press(.character("z"), on: screen)
  #expect(screen.filter.query.count == ShelfScreen.queryLimit)
  prompt = screen.render(size: Fixtures.screenSize, now: 0).lines.last ?? ""
  #expect(prompt.contains("filter cut at 4,096 characters"))
  press(.backspace, on: screen)
  #expect(screen.filter.query.count == ShelfScreen.queryLimit - 1)
  prompt = screen.render(size: Fixtures.screenSize, now: 0).lines.last ?? ""
  #expect(!prompt.contains("filter cut"))
}
