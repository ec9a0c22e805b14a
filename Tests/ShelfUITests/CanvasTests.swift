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

@Test(arguments: [
  "", " ", "a", "é", "e\u{301}", "─", "★", "夏", "🐉", "\u{25CC}\u{301}\u{302}\u{303}",
  "x\u{10FFFD}\u{10FFFD}\u{10FFFD}",
])
func aCellKeepsTheTextOfAnyGlyph(text: String) {
  var cell = Cell(text: text, width: 2)
  #expect(cell.text == text)
  #expect(Array(cell.text.utf8) == Array(text.utf8))
  cell.text = "q"
  #expect(cell.text == "q" && cell.width == 2)
}

@Test func aCellCutsLongTextBetweenScalarsWithinSixteenBytes() {
  #expect(Cell(text: "abcdefghijklmnopqrstuvwxyz").text == "abcdefghijklmnop")
  #expect(Cell(text: "abcdefghijklm★★").text == "abcdefghijklm★")  // 13 + 3 bytes
  #expect(Cell(text: "abcdefghijklmn★").text == "abcdefghijklmn")  // 14 + 3 > 16
  #expect(Cell(text: "🐉🐉🐉🐉🐉").text == "🐉🐉🐉🐉")
}
