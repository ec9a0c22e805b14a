import Testing

@testable import ShelfUI

/// A canvas assembled line by line into uninitialised memory: what the lines
/// append is what it holds, and a line that appends too many or too few
/// cells traps rather than write past the line or leave a cell unset.
@Suite struct CanvasLineFillerTests {
  @Test func theLinesAppendedAreTheCanvasLines() {
    let source = Canvas(size: Size(width: 3, height: 1)) { _, line in
      for text in ["a", "b", "c"] { line.append(Cell(text: text)) }
    }
    let canvas = Canvas(size: Size(width: 3, height: 3)) { y, line in
      switch y {
      case 0: line.append(contentsOf: source.row(0))
      case 1: line.fill(with: Cell(text: "-"))
      default:
        line.append(Cell(text: "x"))
        line.fill(with: .blank)
      }
    }
    #expect(canvas.lines == ["abc", "---", "x  "])
    #expect(Canvas(size: Size(width: 0, height: 2)) { _, _ in }.lines == ["", ""])
  }

  @Test func aLineOfTooManyCellsTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Canvas(size: Size(width: 2, height: 2)) { _, line in
        for _ in 0..<3 { line.append(.blank) }
      }
    }
    await #expect(processExitsWith: .failure) {
      let wide = Canvas(size: Size(width: 3, height: 1))
      _ = Canvas(size: Size(width: 2, height: 1)) { _, line in
        line.append(contentsOf: wide.row(0))
      }
    }
  }

  @Test func aLineOfTooFewCellsTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Canvas(size: Size(width: 2, height: 2)) { _, line in line.append(.blank) }
    }
  }
}
