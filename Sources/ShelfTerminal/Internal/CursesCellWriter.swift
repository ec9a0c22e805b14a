@preconcurrency internal import CNCursesW
import Glibc
import ShelfUI

/// Carries out `CanvasDiff` operations on an ncurses window: the terminal's
/// half of the drawing path every backend shares.
struct CursesCellWriter {
  let window: UnsafeMutablePointer<WINDOW>
  /// Whether the locale is UTF-8; otherwise every cell is drawn in ASCII.
  let isUnicode: Bool
  /// Colour pairs, made on first use.
  var palette: Palette

  /// Turns a terminal showing `old` into one showing `new` (see
  /// `CanvasDiff`): the window takes the operations and `doupdate` sends
  /// them to `output`, a descriptor; `input` is where ncurses looks for
  /// keys typed meanwhile (-1: nowhere).
  ///
  /// ncurses moves the cursor as the C library's widths say, often
  /// relatively, and writes on across card borders. After a cell a terminal
  /// may draw in other columns (`Cell.hasAgreedWidth`), at the next move the
  /// diff makes (a box side it re-anchors, or a jump elsewhere) what came
  /// before is sent, and the cursor is put, by an absolute address, where
  /// ncurses believes it stands: its next moves, relative or not, start from
  /// the truth, so a terminal that disagrees misdraws only inside that card.
  /// A frame of text every terminal agrees on is sent in one pass, as before.
  mutating func show(_ new: Canvas, over old: Canvas?, size: Size, output: Int32, input: Int32) {
    var isCursorSure = true
    // A pass cut short by a key typed meanwhile would leave the cursor
    // elsewhere than the window's: only the last pass may stop early.
    typeahead(-1)
    CanvasDiff.forEachOperation(from: old, to: new, size: size) { operation in
      switch operation {
      case .move where !isCursorSure:
        wnoutrefresh(window)
        doupdate()
        placeCursorAsBelieved(output: output)
        isCursorSure = true
      case .put(let cell) where !cell.hasAgreedWidth:
        isCursorSure = false
      default: break
      }
      perform(operation)
    }
    if isCursorSure { typeahead(input) }
    wnoutrefresh(window)
    doupdate()
    // The next frame starts from the truth too.
    if !isCursorSure { placeCursorAsBelieved(output: output) }
    typeahead(input)
  }

  /// Puts the cursor, by an absolute address, where ncurses believes it is
  /// after `doupdate`: at the window's cursor.
  private func placeCursorAsBelieved(output: Int32) {
    guard let address = shelf_cursor_address(getcury(window), getcurx(window)) else { return }
    _ = Glibc.write(output, address, strlen(address))
  }

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
