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
  /// Whether cards opened with Enter join a "Recently viewed" row at the top.
  public var showsRecentlyViewed: Bool
  /// How cards are shaped: their lines and width.
  public var cards: CardStyle
  /// Lines of the cover area above each card's text; 0: no covers.
  public var coverLines: Int
  /// Whether the cover area follows the screen's size (a 2:3 cover at the
  /// card width, `Metrics.defaultCoverLines`) rather than keeping
  /// `coverLines`, when there are covers.
  public var coverLinesFollowScreen: Bool

  /// A configuration; by default changes animate over 300 ms at 60 frames a second.
  public init(
    animationDuration: UInt64 = 300, reducedMotion: Bool = false, largeBatchLimit: Int = 80,
    framesPerSecond: Int = 60, showsRecentlyViewed: Bool = true, cards: CardStyle = .standard,
    coverLines: Int = 0, coverLinesFollowScreen: Bool = false
  ) {
    self.cards = cards
    self.animationDuration = animationDuration
    self.reducedMotion = reducedMotion
    self.largeBatchLimit = largeBatchLimit
    self.framesPerSecond = framesPerSecond
    self.showsRecentlyViewed = showsRecentlyViewed
    self.coverLines = max(0, coverLines)
    self.coverLinesFollowScreen = coverLinesFollowScreen
  }

  /// The duration actually used: 0 with reduced motion.
  var effectiveDuration: UInt64 { reducedMotion ? 0 : animationDuration }
}
