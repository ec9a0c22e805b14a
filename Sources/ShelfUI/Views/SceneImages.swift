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

  /// The `Metrics.rowHeight` lines of `row`, `width` cells each, drawn as if its
  /// header line were line 0 and it were whole.
  mutating func image(of row: RowPlacement, width: Int) -> [Cell] {
    var placement = row
    placement.y = 0
    placement.height = Metrics.rowHeight
    return rows.image(id: row.id, of: placement, width: width) { placement in
      let body = Rect(x: 0, y: 0, width: width, height: Metrics.rowHeight)
      var canvas = Canvas(size: body.size)
      SceneRenderer.draw(placement, body: body, into: &canvas)
      return canvas.cells
    }
  }

  /// The one line of `header`, `width` cells.
  mutating func image(of header: HeaderPlacement, width: Int) -> [Cell] {
    var placement = header
    placement.y = 0
    placement.height = Metrics.sectionHeaderHeight
    return headers.image(id: header.id, of: placement, width: width) { placement in
      let body = Rect(x: 0, y: 0, width: width, height: Metrics.sectionHeaderHeight)
      var canvas = Canvas(size: body.size)
      SceneRenderer.draw(placement, body: body, into: &canvas)
      return canvas.cells
    }
  }

  /// Lets go of every image the frame just assembled did not use.
  mutating func endFrame() {
    rows.endFrame()
    headers.endFrame()
  }

  /// How many images are kept (for tests).
  var count: Int { rows.count + headers.count }
}

/// A drawn entry: its placement (on line 0), the width it was drawn at, its cells.
private struct Image<Placement: Equatable> {
  var placement: Placement
  var width: Int
  var cells: [Cell]
}

extension FrameCache where Key == String {
  /// The cells of the image of `placement` for entry `id`: the kept image if
  /// it shows the same at the same width, else a new one from `draw`.
  fileprivate mutating func image<Placement>(
    id: String, of placement: Placement, width: Int, draw: (Placement) -> [Cell]
  ) -> [Cell] where Value == Image<Placement> {
    value(for: id) {
      $0.width == width && $0.placement == placement
    } make: {
      Image(placement: placement, width: width, cells: draw(placement))
    }.cells
  }
}
