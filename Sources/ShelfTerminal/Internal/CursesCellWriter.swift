@preconcurrency import CNCursesW
import ShelfUI

/// Carries out `CanvasDiff` operations on an ncurses window: the terminal's
/// half of the drawing path every backend shares.
struct CursesCellWriter {
  let window: UnsafeMutablePointer<WINDOW>
  /// Whether the locale is UTF-8; otherwise every cell is drawn in ASCII.
  let isUnicode: Bool
  /// Colour pairs, made on first use.
  var palette: Palette

  /// Does `operation` to the window (not yet to the terminal: `doupdate` sends it).
  mutating func perform(_ operation: CanvasDiff.Operation) {
    switch operation {
    case .erase: werase(window)
    case .move(let x, let y): wmove(window, Int32(y), Int32(x))
    case .put(let cell): put(cell)
    }
  }

  /// Writes `cell` at the cursor, which advances by the cell's width.
  private mutating func put(_ cell: Cell) {
    let (attributes, pair) = palette.attributes(for: cell.style)
    if isUnicode {
      add(cell.text, width: cell.width, attributes: attributes, pair: pair)
    } else {
      // One ASCII character per column keeps every column in place.
      for glyph in ASCIIFallback.text(for: cell.text, width: cell.width) {
        add(String(glyph), width: 1, attributes: attributes, pair: pair)
      }
    }
  }

  /// Adds `text` (one glyph: a base and its marks) at the cursor, `width`
  /// columns wide. Animation frames change thousands of cells, so the wide
  /// characters are gathered on the stack, not in an array.
  private func add(_ text: String, width: Int, attributes: attr_t, pair: Int16) {
    let capacity = Int(CCHARW_MAX)
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: capacity) { scalars in
      var count = 0
      for scalar in text.unicodeScalars where count < capacity - 1 {
        scalars[count] = wchar_t(bitPattern: scalar.value)
        count += 1
      }
      if count == 0 {
        scalars[0] = 32
        count = 1
      }
      scalars[count] = 0
      var character = cchar_t()
      if setcchar(&character, scalars.baseAddress, attributes, pair, nil) == ERR {
        let fallback: [wchar_t] = width == 2 ? [63, 63, 0] : [63, 0]
        setcchar(&character, fallback, attributes, pair, nil)
      }
      wadd_wch(window, &character)
    }
  }
}
