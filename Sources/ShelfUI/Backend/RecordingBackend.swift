/// A backend with no terminal: it takes the drawing path the terminal takes
/// (`CanvasDiff` from what it shows to each new canvas) and records the
/// operations it would send, and keeps the screen they would leave.
public final class RecordingBackend: CanvasBackend {
  /// The screen's size in cells.
  public var size: Size {
    didSet { if size != oldValue { invalidate() } }
  }
  /// The operations of every `draw` so far, one array per draw, oldest first.
  public private(set) var draws: [[CanvasDiff.Operation]] = []
  /// The screen as the recorded operations leave it.
  public private(set) var screen: Canvas
  /// What the last `draw` showed, for the next diff; nil after `invalidate()`.
  private var shown: Canvas?

  /// A backend whose screen is `size` cells, blank.
  public init(size: Size) {
    self.size = size
    screen = Canvas(size: size)
  }

  public func draw(_ canvas: Canvas) {
    let operations = CanvasDiff.operations(from: shown, to: canvas, size: size)
    CanvasDiff.apply(operations, to: &screen)
    draws.append(operations)
    shown = canvas
  }

  public func invalidate() {
    shown = nil
    screen = Canvas(size: size)  // the terminal's content is now unknown
  }
}
