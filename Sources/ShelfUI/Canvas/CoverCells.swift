/// A picture as character cells: a card's cover, converted for the
/// terminal's colours (`ShelfCovers` makes them; the screen draws them like
/// any other cells, so they move, clip and flash with their card).
public struct CoverCells: Equatable, Sendable {
  /// Columns.
  public let width: Int
  /// Lines.
  public let height: Int
  /// `width` x `height` cells, line by line; each one column wide.
  public let cells: [Cell]

  /// A picture of `width` x `height` `cells`, line by line.
  ///
  /// - Precondition: there are `width` x `height` cells, each one column wide.
  public init(width: Int, height: Int, cells: [Cell]) {
    precondition(width >= 0 && height >= 0 && cells.count == width * height, "cover size")
    precondition(cells.allSatisfy { $0.width == 1 }, "a cover cell is one column wide")
    self.width = width
    self.height = height
    self.cells = cells
  }

  /// Bytes the picture holds, for a cache bounded by bytes.
  public var byteCount: Int { cells.count * MemoryLayout<Cell>.stride }
}

extension Canvas {
  /// Draws `cover` with its top left corner at `point`, only the cells
  /// inside `clip`; `style`, when given, replaces every cell's (a flash).
  mutating func draw(_ cover: CoverCells, at point: Point, style: Style? = nil, clip: Rect) {
    for line in 0..<cover.height {
      let y = point.y + line
      guard y >= clip.minY && y < clip.maxY else { continue }
      for column in 0..<cover.width {
        let x = point.x + column
        guard x >= clip.minX && x < clip.maxX else { continue }
        var cell = cover.cells[line * cover.width + column]
        if let style { cell.style = style }
        put(cell, x: x, y: y)
      }
    }
  }
}
