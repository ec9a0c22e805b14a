/// What the backend should do after the screen handled a key.
public enum ScreenCommand: Hashable, Sendable {
  /// Nothing changed on screen.
  case none
  /// The screen changed: draw a frame.
  case redraw
  /// The user asked to leave.
  case quit
  /// Pause live updates, or resume them (space).
  case togglePause
  /// Apply exactly one live update (`.`, while paused).
  case stepOnce
}

/// Whether live updates flow, as the status line shows it.
public enum LiveStatus: Hashable, Sendable {
  /// The content holds still (no live source): nothing is shown.
  case off
  /// Updates are applied as they arrive: `live ●`.
  case live
  /// Updates wait until resumed: `paused ‖`.
  case paused
}

/// How the screen animates.
public struct ScreenConfiguration: Hashable, Sendable {
  /// Milliseconds a change takes on screen; 0 applies changes at once.
  public var animationDuration: UInt64
  /// Apply changes at once, whatever the duration (for users who prefer less motion).
  public var reducedMotion: Bool
  /// A batch that changes more things than this on screen snaps instead of animating.
  public var largeBatchLimit: Int
  /// Frames a second while something moves.
  public var framesPerSecond: Int

  /// A configuration; by default changes animate over 300 ms at 60 frames a second.
  public init(
    animationDuration: UInt64 = 300, reducedMotion: Bool = false, largeBatchLimit: Int = 80,
    framesPerSecond: Int = 60
  ) {
    self.animationDuration = animationDuration
    self.reducedMotion = reducedMotion
    self.largeBatchLimit = largeBatchLimit
    self.framesPerSecond = framesPerSecond
  }

  /// The duration actually used: 0 with reduced motion.
  var effectiveDuration: UInt64 { reducedMotion ? 0 : animationDuration }
}

/// Old snapshots a `ShelfScreen` no longer needs (ended transitions, replaced
/// layouts): freeing them is the only thing left to do, wherever suits.
public struct RetiredSnapshots: Sendable {
  let values: [any Sendable]
}
