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

/// Whether live updates flow or wait (space toggles it while a source is live).
public enum LiveStatus: Hashable, Sendable {
  /// The content holds still (no live source).
  case off
  /// Updates are applied as they arrive.
  case live
  /// Updates wait until resumed.
  case paused
}

/// A live source's own state, as the status line shows it.
public enum SourceStatus: Hashable, Sendable {
  /// The demo generator: running, or paused with the screen.
  case demo
  /// A watched file, by name: its last version was valid or not.
  case watching(String, isValid: Bool)
  /// A stream, by name: still open, or ended.
  case streaming(String, isOpen: Bool)

  /// Whether the source can still bring changes (so pausing means something).
  var isLive: Bool {
    switch self {
    case .demo, .watching: true
    case .streaming(_, let isOpen): isOpen
    }
  }
}

/// A note in the message area above the key hint, wrapped over up to three
/// lines; it stays until replaced, cleared, or dismissed with Esc.
public struct ScreenMessage: Hashable, Sendable {
  /// How serious the note is, which picks its colour.
  public enum Kind: Hashable, Sendable {
    case warning, error
  }

  /// The whole text (position, JSON path and reason for a catalog error).
  public var text: String
  /// Warning or error.
  public var kind: Kind

  /// A note of `kind` saying `text`.
  public init(_ text: String, kind: Kind) {
    self.text = text
    self.kind = kind
  }

  /// An error note (a version of a watched file or stream that does not load).
  public static func error(_ text: String) -> ScreenMessage { ScreenMessage(text, kind: .error) }

  /// A warning note (a catalog that loaded, with duplicate ids).
  public static func warning(_ text: String) -> ScreenMessage {
    ScreenMessage(text, kind: .warning)
  }
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
