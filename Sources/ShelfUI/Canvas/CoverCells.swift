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

/// A cover the screen shows at rest, whole and unobstructed: where a
/// terminal that draws pictures may put the picture itself over its cells.
public struct PlacedCover: Equatable, Sendable {
  /// The picture, as the card gives it.
  public let image: String
  /// The top left cell of the cover area.
  public let origin: Point
  /// The cells the cover shows there.
  public let cover: CoverCells
  /// The cover's lines the screen shows (all of them, unless the screen's
  /// edge or something drawn over it cuts the rest off).
  public let lines: Range<Int>

  /// `cover` of `image` with its top left cell at `origin`, its `lines`
  /// shown (by default all).
  public init(image: String, origin: Point, cover: CoverCells, lines: Range<Int>? = nil) {
    self.image = image
    self.origin = origin
    self.cover = cover
    self.lines = lines ?? 0..<cover.height
  }

  /// Columns.
  public var width: Int { cover.width }
  /// Lines.
  public var height: Int { cover.height }
}

/// A picture's pixels for a terminal that draws pictures: RGB, three bytes
/// a pixel, rows top to bottom, scaled to the cover area's pixels.
public struct CoverPixels: Equatable, Sendable {
  /// Pixels a row.
  public let width: Int
  /// Rows.
  public let height: Int
  /// `width` x `height` x 3 bytes.
  public let rgb: [UInt8]

  /// `width` x `height` pixels, `rgb` three bytes each.
  ///
  /// - Precondition: `rgb` holds `width` x `height` x 3 bytes.
  public init(width: Int, height: Int, rgb: [UInt8]) {
    precondition(width >= 0 && height >= 0 && rgb.count == width * height * 3, "pixels size")
    self.width = width
    self.height = height
    self.rgb = rgb
  }
}

extension Canvas {
  /// Whether the canvas shows `cover`'s cells exactly, from `origin` on:
  /// the whole cover inside the canvas, nothing drawn over it, no flash.
  public func shows(_ cover: CoverCells, at origin: Point) -> Bool {
    shownLines(of: cover, at: origin) == 0..<cover.height
  }

  /// The first run of `cover`'s lines the canvas shows exactly (whole
  /// lines, nothing drawn over them, no flash) with the cover's top left
  /// cell at `origin`; nil when it shows none.
  public func shownLines(of cover: CoverCells, at origin: Point) -> Range<Int>? {
    guard cover.width > 0, origin.x >= 0, origin.x + cover.width <= size.width else { return nil }
    var first: Int?
    for line in 0..<cover.height {
      let y = origin.y + line
      var isShown = y >= 0 && y < size.height
      if isShown {
        let start = y * size.width + origin.x
        let own = cover.cells[(line * cover.width)..<((line + 1) * cover.width)]
        isShown = cells[start..<(start + cover.width)].elementsEqual(own)
      }
      if isShown, first == nil { first = line }
      if !isShown, let first { return first..<line }
    }
    return first.map { $0..<cover.height }
  }
}
