/// Rows and section headers as finished lines of cells, kept from one frame to
/// the next by id, so that a frame is assembled from whole lines instead of
/// drawn glyph by glyph.
///
/// An image is drawn again only when what it shows changes: its placement
/// apart from the line it sits on (scrolling moves images, it does not redraw
/// them), or the screen width. Only the images the last frame used are kept,
/// so memory follows the screen, not the catalog.
struct SceneImages {
  private var rows = FrameCache<String, Image<RowPlacement>>()
  private var headers = FrameCache<String, Image<HeaderPlacement>>()

  /// The `lineCount` lines of `row`, `width` cells each, drawn as if its
  /// header line were line 0 and it were whole.
  mutating func image(of row: RowPlacement, width: Int) -> [Cell] {
    rows.image(of: row, width: width)
  }

  /// The one line of `header`, `width` cells.
  mutating func image(of header: HeaderPlacement, width: Int) -> [Cell] {
    headers.image(of: header, width: width)
  }

  /// Lets go of every image the frame just assembled did not use.
  mutating func endFrame() {
    rows.endFrame()
    headers.endFrame()
  }

  /// How many images are kept (for tests).
  var count: Int { rows.count + headers.count }
}

/// A scene entry that blanks and draws whole lines of the body, at most
/// `lineCount` of them from line `y`.
protocol LinePlacement: Equatable {
  /// The entry's id: images are kept by it.
  var id: String { get }
  /// Screen line of the entry's first line.
  var y: Int { get set }
  /// Lines shown from the top (fewer than `lineCount` while it grows or collapses).
  var height: Int { get set }
  /// Lines of the whole entry.
  var lineCount: Int { get }
  /// Draws the entry into `canvas`, clipped to `body`.
  func draw(body: Rect, into canvas: inout Canvas)
}

extension RowPlacement: LinePlacement {
  func draw(body: Rect, into canvas: inout Canvas) {
    SceneRenderer.draw(self, body: body, into: &canvas)
  }
}

extension HeaderPlacement: LinePlacement {
  func draw(body: Rect, into canvas: inout Canvas) {
    SceneRenderer.draw(self, body: body, into: &canvas)
  }
}

/// A drawn entry: its placement (on line 0), the width it was drawn at, its cells.
private struct Image<Placement: LinePlacement> {
  var placement: Placement
  var width: Int
  var cells: [Cell]
}

extension FrameCache where Key == String {
  /// The `lineCount` lines of `entry`, `width` cells each, drawn as if it
  /// started on line 0 and were whole: the kept image if it shows the same
  /// at the same width, else a new one.
  fileprivate mutating func image<Placement>(of entry: Placement, width: Int) -> [Cell]
  where Value == Image<Placement> {
    var placement = entry
    placement.y = 0
    placement.height = entry.lineCount
    return value(for: entry.id) {
      $0.width == width && $0.placement == placement
    } make: {
      let body = Rect(x: 0, y: 0, width: width, height: placement.lineCount)
      var canvas = Canvas(size: body.size)
      placement.draw(body: body, into: &canvas)
      return Image(placement: placement, width: width, cells: canvas.cells)
    }.cells
  }
}
