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
  /// The narrowest card, borders included: a 4-digit year, two spaces, five
  /// stars, a space and the two-column swatch fill its inside exactly.
  public static let minimumCardWidth = 16
  /// The card width, borders included, wherever two of them fit (16 columns
  /// inside): wider screens show wider cards, then more of them, never
  /// narrower ones.
  public static let preferredCardWidth = 18
  /// The widest card, borders included: 32 columns inside, room for most
  /// titles whole.
  public static let maximumCardWidth = 34
  /// How many cards a row of cards wider than the preferred ones holds:
  /// cards grow with the screen so that this many fill it, up to the widest.
  static let cardsPerWideRow = 5
  /// The fewest blank columns between two cards.
  public static let cardGap = 1
  /// Columns kept at each side of the strip: the `‹` or `›` indicator, then a
  /// blank column between it and the cards' borders.
  public static let stripMargin = 2
  /// The smallest terminal the screen draws into; below it a message says so.
  public static let minimumSize = Size(width: 40, height: 10)

  /// Lines of a cover that fills a card's inside at `size` with a 2:3
  /// picture (a cell is about twice as tall as it is wide), short enough that
  /// a whole row still fits the screen.
  public static func defaultCoverLines(forScreenSize size: Size) -> Int {
    let inside = strip(forScreenWidth: size.width).cardWidth - 2
    let fitting = ViewState.bodyHeight(for: size) - rowHeight
    return max(1, min((3 * inside + 2) / 4, fitting))
  }

  /// How the cards of a strip `width` columns wide are laid out: as many
  /// cards as fit, their width never smaller on a wider screen, and the
  /// columns left over spread evenly between them, so the cards span the strip.
  ///
  /// The card width depends on the screen width alone (so it is the same in
  /// every row) and never shrinks as the screen widens: the preferred width
  /// up to where `cardsPerWideRow` of them fill the strip, then the width
  /// that makes that many fill it exactly, up to `maximumCardWidth`; past
  /// that, more cards of the widest kind. What is left over (less than a
  /// card) is spread between them.
  static func strip(forScreenWidth width: Int) -> StripMetrics {
    let available = max(0, width - 2 * stripMargin)
    // Below two preferred cards (only the narrowest screens), two narrower
    // ones; their width grows with the screen up to the preferred one.
    let narrow = max(
      4,
      min(
        preferredCardWidth, max(minimumCardWidth, (available + cardGap) / 2 - cardGap),
        available))
    let grown = min(maximumCardWidth, (available + cardGap) / cardsPerWideRow - cardGap)
    return spread(cardWidth: max(narrow, grown), over: available)
  }

  /// A strip `available` columns wide of cards `cardWidth` wide: as many as
  /// fit, the columns left over spread evenly between them.
  static func spread(cardWidth: Int, over available: Int) -> StripMetrics {
    let visible = max(1, (available + cardGap) / (cardWidth + cardGap))
    let spare = available - (visible * (cardWidth + cardGap) - cardGap)
    let gap = cardGap + (visible > 1 ? spare / (visible - 1) : 0)
    return StripMetrics(
      originX: stripMargin, width: available, cardWidth: cardWidth, gap: gap,
      visibleCards: visible)
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
  /// Blank columns between two cards.
  var gap: Int
  /// How many whole cards fit.
  var visibleCards: Int

  /// Columns the whole visible cards take: cards are clipped to these.
  var cardsWidth: Int { min(width, visibleCards * pitch - gap) }

  /// Columns from one card's left edge to the next one's.
  var pitch: Int { cardWidth + gap }

  /// The screen column of the card at `index` when the strip starts at `offset`.
  func x(ofCard index: Int, offset: Int) -> Int {
    originX + (index - offset) * pitch
  }

  /// The largest useful first-visible index for a row of `count` cards.
  func maximumOffset(count: Int) -> Int {
    max(0, count - visibleCards)
  }
}
