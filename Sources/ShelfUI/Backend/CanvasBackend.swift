/// Where canvases are shown: the terminal (ShelfTerminal's `TerminalBackend`)
/// or, in tests, a `RecordingBackend`.
///
/// Every backend draws through `CanvasDiff`: it remembers what its screen shows
/// and carries out, in order, the operations that turn that into the next
/// canvas; so what a recording backend records is what the terminal is sent.
public protocol CanvasBackend: AnyObject {
  /// The screen's size in cells.
  var size: Size { get }
  /// Shows `canvas`, sending only what differs from what the screen shows; a
  /// canvas of another size than the screen is clipped or padded with blanks.
  func draw(_ canvas: Canvas)
  /// Forgets what the screen shows, so the next `draw` repaints every cell.
  func invalidate()
}
