/// The fixed measures of the screen: how tall a row is, how wide a card may be.
///
/// Everything else (how many cards fit, how wide they are) follows from these and
/// the terminal size, so a layout depends only on data, size and view state.
public enum Metrics {
  /// Lines of a card box: top border, title, subtitle, year and rating, bottom border.
  public static let cardHeight = 5
  /// Lines of a row: its header line and the card strip.
  public static let rowHeight = 1 + cardHeight
  /// Lines of a section header.
  public static let sectionHeaderHeight = 1
  /// The narrowest card, borders included.
  public static let minimumCardWidth = 16
  /// The widest card, borders included: wider screens show more cards instead.
  public static let maximumCardWidth = 22
  /// Blank columns between two cards.
  public static let cardGap = 1
  /// Columns kept at each side of the strip for the scroll indicators.
  public static let stripMargin = 1
  /// The smallest terminal the screen draws into; below it a message says so.
  public static let minimumSize = Size(width: 40, height: 10)

  /// How the cards of a strip `width` columns wide are laid out.
  static func strip(forScreenWidth width: Int) -> StripMetrics {
    let available = max(0, width - 2 * stripMargin)
    let visible = max(1, (available + cardGap) / (minimumCardWidth + cardGap))
    let cardWidth = max(
      4, min(maximumCardWidth, (available + cardGap) / visible - cardGap))
    return StripMetrics(
      originX: stripMargin, width: available, cardWidth: cardWidth, visibleCards: visible)
  }
}

/// The horizontal measures of a card strip at one screen width.
struct StripMetrics: Hashable, Sendable {
  /// The first column of the strip (indicators sit just outside it).
  var originX: Int
  /// Columns of the strip.
  var width: Int
  /// Columns of one card, borders included.
  var cardWidth: Int
  /// How many whole cards fit.
  var visibleCards: Int

  /// Columns the whole visible cards take: cards are clipped to these.
  var cardsWidth: Int { min(width, visibleCards * pitch - Metrics.cardGap) }

  /// Columns from one card's left edge to the next one's.
  var pitch: Int { cardWidth + Metrics.cardGap }

  /// The screen column of the card at `index` when the strip starts at `offset`.
  func x(ofCard index: Int, offset: Int) -> Int {
    originX + (index - offset) * pitch
  }

  /// The largest useful first-visible index for a row of `count` cards.
  func maximumOffset(count: Int) -> Int {
    max(0, count - visibleCards)
  }
}
