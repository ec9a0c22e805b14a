/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Lines.
  public var height: Int

  /// A size of `width` columns and `height` lines.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// No cells at all.
  public static let zero = Size(width: 0, height: 0)

  /// `120x40`.
  public var description: String { "\(width)x\(height)" }
}

/// A cell position: `x` columns from the left, `y` lines from the top.
public struct Point: Hashable, Sendable {
  /// Column, from 0 at the left.
  public var x: Int
  /// Line, from 0 at the top.
  public var y: Int

  /// The cell at column `x`, line `y`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
  /// The top-left cell.
  public var origin: Point
  /// Columns and lines covered.
  public var size: Size

  /// The rectangle at `x`, `y` of `width` by `height` cells.
  public init(x: Int, y: Int, width: Int, height: Int) {
    origin = Point(x: x, y: y)
    size = Size(width: width, height: height)
  }

  /// The rectangle at `origin` covering `size`.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// The leftmost column.
  public var minX: Int { origin.x }
  /// The topmost line.
  public var minY: Int { origin.y }
  /// One past the rightmost column.
  public var maxX: Int { origin.x + size.width }
  /// One past the bottom line.
  public var maxY: Int { origin.y + size.height }
  /// Columns covered.
  public var width: Int { size.width }
  /// Lines covered.
  public var height: Int { size.height }
  /// Whether it covers no cell.
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// Whether `point` lies inside.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The cells both rectangles cover (empty, at the origin of `self`, if none).
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    if x1 <= x0 || y1 <= y0 { return Rect(origin: origin, size: .zero) }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
