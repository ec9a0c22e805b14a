import ShelfUI
import Testing

@Test func titleIsClippedAtTheRightEdge() {
  var canvas = Canvas(size: Size(width: 8, height: 2))
  canvas.write("Carousels", at: Point(x: 1, y: 0))
  #expect(canvas.lines == [" Carouse", "        "])
}

@Test func aWideCharacterCutByTheEdgeBecomesABlank() {
  var canvas = Canvas(size: Size(width: 5, height: 1))
  canvas.write("ab日本", at: Point(x: 0, y: 0))
  #expect(canvas.lines == ["ab日 "])
  #expect(canvas[3, 0].isContinuation)
}

@Test func escapeSequencesInDataAreShownAsPlaceholders() {
  var canvas = Canvas(size: Size(width: 10, height: 1))
  canvas.write("\u{1B}[31mred", at: Point(x: 0, y: 0))
  #expect(canvas.lines == ["␛[31mred  "])
}
