import ShelfUI
import Testing

@testable import ShelfTerminal

/// One cell's pixels, from the window's size in pixels and in cells, for
/// covers drawn as pictures.
@Suite struct CellPixelSizeTests {
  @Test func aCellIsTheWindowsPixelsOverItsCells() {
    #expect(
      TerminalBackend.cellPixelSize(
        window: Size(width: 1200, height: 800), cells: Size(width: 120, height: 40))
        == Size(width: 10, height: 20))
  }

  @Test func aWindowWithNoPixelsOrFewerPixelsThanCellsSaysNothing() {
    let cells = Size(width: 120, height: 40)
    #expect(TerminalBackend.cellPixelSize(window: Size(width: 0, height: 0), cells: cells) == nil)
    // Fewer pixels than columns: a cell of no pixels would make pictures of none.
    #expect(
      TerminalBackend.cellPixelSize(window: Size(width: 100, height: 800), cells: cells) == nil)
    #expect(
      TerminalBackend.cellPixelSize(window: Size(width: 1200, height: 30), cells: cells) == nil)
    #expect(
      TerminalBackend.cellPixelSize(
        window: Size(width: 1200, height: 800), cells: Size(width: 0, height: 0)) == nil)
  }
}
