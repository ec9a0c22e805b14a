extension ShelfScreen {
  /// The animation from `first` to `second` as `shelf frames` prints it: the
  /// first frame is the first screen of `first`, then one frame every
  /// 1/`framesPerSecond` second while the change animates, and the last frame
  /// is the first screen of `second`. Synchronous and clock-free (time is
  /// stepped), drawn by the same code as the live screen.
  ///
  /// - Parameters:
  ///   - first: the content the animation starts from.
  ///   - second: the content it ends on.
  ///   - size: the screen's size in cells.
  ///   - framesPerSecond: frames a second of animation (at least 1).
  ///   - configuration: the animation's duration and limits; its
  ///     `framesPerSecond` is replaced by the argument.
  public static func frames(
    from first: ShelfContent, to second: ShelfContent, size: Size, framesPerSecond: Int = 60,
    configuration: ScreenConfiguration = ScreenConfiguration()
  ) -> [Canvas] {
    timedFrames(
      from: first, to: second, size: size, framesPerSecond: framesPerSecond,
      configuration: configuration
    ).map(\.canvas)
  }

  /// The frames of `frames(from:to:size:framesPerSecond:configuration:)`, each
  /// with the time it is shown, in milliseconds from the first (at 0); the
  /// header shows `sourceScope`, and the key hint offers Tab when
  /// `canSwitchSources`, as on a screen of several sources. With
  /// `focusStays`, the change moves exactly as on the live screen (`shelf
  /// frames`): the focus stays on its card wherever that goes, and the scroll
  /// position follows it, so the last frame is `second` at rest as the live
  /// screen shows it; without, the focus goes back to the first card.
  public static func timedFrames(
    from first: ShelfContent, to second: ShelfContent, size: Size, framesPerSecond: Int = 60,
    configuration: ScreenConfiguration = ScreenConfiguration(), sourceScope: String? = nil,
    canSwitchSources: Bool = false, focusStays: Bool = false,
    preview: (window: PreviewWindow, output: (PickedCard) -> PreviewOutput)? = nil
  ) -> [(time: UInt64, canvas: Canvas)] {
    var configuration = configuration
    configuration.framesPerSecond = max(1, framesPerSecond)
    let screen = ShelfScreen(content: first, configuration: configuration, updates: .immediate)
    screen.sourceScope = sourceScope
    screen.canSwitchSources = canSwitchSources
    screen.table.resetsFocusOnChange = !focusStays
    if let preview { screen.enablePreview(preview.window) }
    func render(at now: UInt64) -> Canvas {
      if let preview { screen.showPreview(preview.output) }
      return screen.render(size: size, now: now)
    }
    var now: UInt64 = 0
    var frames = [(time: now, canvas: render(at: now))]
    screen.setContent(second)
    _ = screen.nextFrameDeadline(now: now)  // the change starts where the first frame was drawn
    screen.table.markFrameDrawn(at: now)
    while let deadline = screen.nextFrameDeadline(now: now) {
      now = max(deadline, now + 1)
      frames.append((now, render(at: now)))
    }
    let last = render(at: now)
    if frames.last?.canvas != last { frames.append((now, last)) }
    return frames
  }
}
