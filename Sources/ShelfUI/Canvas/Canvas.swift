/// A screenful of cells: ShelfUI draws it, a backend shows it.
public struct Canvas: Hashable, Sendable {
  /// Columns and lines.
  public let size: Size
  /// Cells in row-major order.
  var cells: [Cell]

  /// A canvas of `size` filled with blanks.
  public init(size: Size) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    cells = Array(repeating: .blank, count: self.size.width * self.size.height)
  }

  /// A canvas of `size` whose lines `fillLine` writes: it is called once for
  /// each line, top to bottom, with the line's number and a filler for its
  /// cells, and must append every one of them. Nothing is written twice,
  /// which is what lets a screen of finished images be assembled as fast as
  /// a blank one.
  ///
  /// - Precondition: `fillLine` appends exactly `size.width` cells to each
  ///   line: one more would write past the line, one fewer would leave a
  ///   cell uninitialised, so either traps.
  init(size: Size, fillLine: (Int, inout LineFiller) -> Void) {
    let (width, height) = (max(0, size.width), max(0, size.height))
    self.size = Size(width: width, height: height)
    // A 0-cell canvas must not reach `unsafeUninitializedCapacity`: it would
    // write the count of the shared empty buffer (a data race across threads).
    guard width * height > 0 else {
      cells = []
      return
    }
    cells = Array(unsafeUninitializedCapacity: width * height) { buffer, initialized in
      for y in 0..<height {
        var line = LineFiller(UnsafeMutableBufferPointer(rebasing: buffer[(y * width)...]), width)
        fillLine(y, &line)
        precondition(line.count == width, "a canvas line has \(line.count) cells of \(width)")
        initialized += width
      }
    }
  }

  /// The cells of one line of a canvas under construction, appended left to
  /// right into uninitialised memory; each append checks that the line has
  /// room, so none writes past it.
  struct LineFiller {
    private let start: UnsafeMutablePointer<Cell>
    /// The line's width: how many cells it takes.
    let width: Int
    /// How many cells are appended so far.
    private(set) var count = 0

    fileprivate init(_ rest: UnsafeMutableBufferPointer<Cell>, _ width: Int) {
      precondition(rest.count >= width, "a canvas line past the canvas")
      start = rest.baseAddress!
      self.width = width
    }

    /// Appends `cell`.
    ///
    /// - Precondition: the line has room for it.
    mutating func append(_ cell: Cell) {
      precondition(count < width, "a canvas line is full")
      (start + count).initialize(to: cell)
      count += 1
    }

    /// Appends `cells`, in order.
    ///
    /// - Precondition: the line has room for them.
    /// - Complexity: O(`cells.count`), copied as one block.
    mutating func append(contentsOf cells: ArraySlice<Cell>) {
      precondition(cells.count <= width - count, "a canvas line is full")
      _ = UnsafeMutableBufferPointer(start: start + count, count: cells.count)
        .initialize(fromContentsOf: cells)
      count += cells.count
    }

    /// Fills the rest of the line with `cell`.
    mutating func fill(with cell: Cell) {
      (start + count).initialize(repeating: cell, count: width - count)
      count = width
    }
  }

  /// The cell at column `x`, line `y`.
  ///
  /// - Precondition: the position is inside the canvas.
  public subscript(x: Int, y: Int) -> Cell {
    precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell outside canvas")
    return cells[y * size.width + x]
  }

  /// The cells of line `y`, left to right.
  public func row(_ y: Int) -> ArraySlice<Cell> {
    cells[(y * size.width)..<((y + 1) * size.width)]
  }

  /// Sets one cell, keeping wide characters whole: a wide character that would
  /// be cut by the right edge, or whose half is overwritten, becomes blanks.
  mutating func put(_ cell: Cell, x: Int, y: Int) {
    guard y >= 0, y < size.height, x >= 0, x < size.width else { return }
    if cell.width == 2 && x + 1 >= size.width {
      put(Cell(text: " ", style: cell.style), x: x, y: y)
      return
    }
    clearWideCharacter(at: x, y: y)
    cells[y * size.width + x] = cell
    if cell.width == 2 {
      clearWideCharacter(at: x + 1, y: y)
      cells[y * size.width + x + 1] = Cell(text: "", width: 0, style: cell.style)
    }
  }

  /// `put(_:x:y:)` of a one-column cell at a position inside the canvas: a
  /// plain store unless a wide character is involved.
  @inline(__always)
  mutating func putNarrow(_ cell: Cell, x: Int, y: Int) {
    let index = y * size.width + x
    if cells[index].width == 1 {
      cells[index] = cell
    } else {
      put(cell, x: x, y: y)
    }
  }

  /// Blanks the other half of a wide character that covers `x`.
  private mutating func clearWideCharacter(at x: Int, y: Int) {
    let index = y * size.width + x
    let old = cells[index]
    if old.width == 2, x + 1 < size.width {
      cells[index + 1] = Cell(text: " ", style: cells[index + 1].style)
    } else if old.width == 0, x > 0 {
      cells[index - 1] = Cell(text: " ", style: cells[index - 1].style)
    }
  }

  /// Writes `text` from `point` rightwards, clipped at the right edge (or at
  /// `maxWidth` columns), made safe and measured by `TerminalText`.
  ///
  /// - Returns: the columns written.
  /// - Complexity: O(`text.count`).
  @discardableResult
  public mutating func write(
    _ text: String, at point: Point, style: Style = .plain, maxWidth: Int = .max
  ) -> Int {
    write(
      text, at: point, style: style, maxWidth: min(maxWidth, size.width - point.x),
      clip: Rect(origin: Point(x: 0, y: 0), size: size))
  }

  /// Fills `rect` (clipped to the canvas) with `character` in `style`.
  public mutating func fill(_ rect: Rect, with character: String = " ", style: Style = .plain) {
    let area = rect.intersection(Rect(origin: Point(x: 0, y: 0), size: size))
    guard !area.isEmpty else { return }
    let cell = Cell(text: character, style: style)
    for y in area.minY..<area.maxY { fillLine(y, columns: area.minX..<area.maxX, with: cell) }
  }

  /// Sets the cells of line `y` in `columns` (inside the canvas) to the
  /// one-column `cell`, exactly as `put(_:x:y:)` cell by cell would.
  ///
  /// Only the two ends can touch a wide character reaching outside `columns`,
  /// so they go through `put`; the cells between are stored in one sweep.
  mutating func fillLine(_ y: Int, columns: Range<Int>, with cell: Cell) {
    guard let first = columns.first, let last = columns.last else { return }
    // The right end first: a wide character ending there is blanked before
    // its left half is overwritten, as the left-to-right order would leave it.
    put(cell, x: last, y: y)
    put(cell, x: first, y: y)
    let start = y * size.width + first + 1
    let end = y * size.width + last
    guard start < end else { return }
    cells.withUnsafeMutableBufferPointer { buffer in
      UnsafeMutableBufferPointer(rebasing: buffer[start..<end]).update(repeating: cell)
    }
  }

  /// Each line as plain text, wide characters once, trailing spaces kept.
  public var lines: [String] {
    (0..<size.height).map { y in row(y).map(\.text).joined() }
  }

  /// The whole canvas as plain text, lines joined with newlines.
  public var text: String { lines.joined(separator: "\n") }
}
