/// What a backend must send to turn a screen showing one canvas into a screen
/// showing another: the cells that changed, with the cursor moves between them.
///
/// A pure function of the two canvases and the screen's size, so what reaches
/// the terminal can be tested without one. Carried out in order on a screen
/// that shows `old` (see `applied(to:)`), the operations leave it showing `new`
/// within the screen's size.
public enum CanvasDiff {
  /// One thing a backend does to its screen.
  public enum Operation: Hashable, Sendable {
    /// Blank the whole screen (the cursor's place is then unknown).
    case erase
    /// Put the cursor at column `x` of line `y`.
    case move(x: Int, y: Int)
    /// Write `cell` at the cursor, which then advances by the cell's width.
    case put(Cell)
  }

  /// The operations that turn a screen of `size` showing `old` into one showing
  /// `new`, in order: nil `old` (or one of another size than `new`) means the
  /// screen's content is unknown, so it is erased and every cell written.
  ///
  /// Only the part of `new` inside `size` is written; a wide character that the
  /// screen's right edge would cut becomes a blank of its style.
  ///
  /// A terminal may disagree with the C library on the width of some text
  /// (see `Cell.hasAgreedWidth`), and then its cursor stands elsewhere than
  /// the canvas says. So after such a cell, the next box side written on the
  /// line (a card's right border, the next card's left one) comes after an
  /// explicit `.move`, even where the cursor would already be there: a
  /// terminal that disagrees misdraws only inside that card. Lines of text
  /// every terminal agrees on cost no extra move.
  ///
  /// - Complexity: O(cells of `new` inside `size`).
  public static func operations(from old: Canvas?, to new: Canvas, size: Size) -> [Operation] {
    var operations: [Operation] = []
    forEachOperation(from: old, to: new, size: size) { operations.append($0) }
    return operations
  }

  /// Calls `body` with each operation of `operations(from:to:size:)`, in order,
  /// without gathering them: a backend carries them out as they come.
  public static func forEachOperation(
    from old: Canvas?, to new: Canvas, size: Size, _ body: (Operation) -> Void
  ) {
    let width = min(new.size.width, size.width)
    let height = min(new.size.height, size.height)
    let previous = old.flatMap { $0.size == new.size ? $0 : nil }
    if previous == nil { body(.erase) }
    // Where the terminal's cursor is, if known: a put right after the last one
    // needs no move.
    var cursor: (x: Int, y: Int)? = nil
    // Whether the terminal's cursor is surely where `cursor` says: false once
    // a cell of uncertain width was written since the last move.
    var isCursorSure = true
    for y in 0..<max(0, height) {
      let row = new.row(y)
      let oldRow = previous?.row(y)
      if let oldRow, oldRow.elementsEqual(row) { continue }
      let start = row.startIndex
      var x = 0
      while x < width {
        let cell = row[start + x]
        if cell.isContinuation {
          x += 1
          continue
        }
        // An unchanged cell stays, and so does an unchanged wide character
        // whose right half is unchanged too.
        if let oldRow, oldRow[oldRow.startIndex + x] == cell,
          cell.width == 1 || oldRow[oldRow.startIndex + x + 1] == row[start + x + 1]
        {
          x += 1
          continue
        }
        if cursor == nil || cursor! != (x, y) || (!isCursorSure && cell.isBoxSide) {
          body(.move(x: x, y: y))
          isCursorSure = true
        }
        let written = cell.width == 2 && x + 1 >= width ? Cell(text: " ", style: cell.style) : cell
        body(.put(written))
        if isCursorSure && !written.hasAgreedWidth { isCursorSure = false }
        x += max(1, written.width)
        cursor = (x, y)
      }
    }
  }

  /// `screen` after `operations`, carried out as a terminal would: a put that
  /// covers half of a wide character blanks its other half. For tests, and for
  /// the recording backend.
  package static func apply(_ operations: [Operation], to screen: inout Canvas) {
    var cursor = Point(x: 0, y: 0)
    for operation in operations {
      switch operation {
      case .erase:
        screen = Canvas(size: screen.size)
      case .move(let x, let y):
        cursor = Point(x: x, y: y)
      case .put(let cell):
        screen.put(cell, x: cursor.x, y: cursor.y)
        cursor.x += max(1, cell.width)
      }
    }
  }
}
