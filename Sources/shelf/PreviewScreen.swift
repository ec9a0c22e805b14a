import ShelfUI

/// A stand-in for ShelfUI's ShelfScreen until it lands: enough screen to drive the
/// terminal backend end to end.
@MainActor
final class PreviewScreen {
  enum Command { case none, redraw, quit }
  private var lastKey = "none"
  private var isShowingHelp = false
  private var isShowingDetails = false

  func handle(_ key: Key, size: Size) -> Command {
    lastKey = "\(key)"
    switch key {
    case .character("q"): return .quit
    case .escape:
      if isShowingHelp || isShowingDetails {
        isShowingHelp = false
        isShowingDetails = false
        return .redraw
      }
      return .quit
    case .character("?"): isShowingHelp.toggle()
    case .enter: isShowingDetails = true
    default: break
    }
    return .redraw
  }

  func render(size: Size, now: UInt64) -> Canvas {
    var canvas = Canvas(size: size)
    canvas.write(" Shelf preview · \(size)", at: Point(x: 0, y: 0), style: Style(foreground: .accent, isBold: true))
    canvas.write("┌────────┐ 日本語 🎬 Ünïcödé", at: Point(x: 1, y: 2), style: Style(foreground: .swatch(2)))
    canvas.write("last key: \(lastKey)", at: Point(x: 1, y: 3), style: Style(foreground: .muted))
    if isShowingHelp { canvas.write("HELP: q quits", at: Point(x: 1, y: 5), style: Style(foreground: .focus, isReversed: true)) }
    if isShowingDetails { canvas.write("DETAILS", at: Point(x: 1, y: 6), style: Style(foreground: .star, isBold: true)) }
    return canvas
  }

  func nextFrameDeadline(now: UInt64) -> UInt64? { nil }
}
