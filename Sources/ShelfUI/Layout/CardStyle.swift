/// How every card of the screen is shaped: how many lines of text its face
/// has and how wide it is. One style holds for the whole screen, so rows
/// line up and the layout stays a function of data, size and view state.
public struct CardStyle: Hashable, Sendable {
  /// The most lines of text a face may have.
  public static let maximumLineCount = 4
  /// The widths, borders included, that `CardWidth.columns` may ask for.
  public static let widthRange = 12...80

  /// The face's lines, top to bottom (at most `maximumLineCount`); empty
  /// for the standard face.
  public var lines: [CardLine]
  /// How wide cards are.
  public var width: CardWidth
  /// The field whose value colours the square on each card (the same value,
  /// the same colour); nil: no square.
  public var swatchField: String?

  /// A face of `lines` (the first `maximumLineCount`; none: the standard
  /// face) and `width`, with a square coloured by field `swatchField`.
  public init(lines: [CardLine] = [], width: CardWidth = .standard, swatchField: String? = nil) {
    self.lines = Array(lines.prefix(Self.maximumLineCount))
    self.width = width
    self.swatchField = swatchField
  }

  /// The swatch colour of `face`: by the value of its `swatchField`; nil
  /// without one, or when the card's value is empty.
  func swatch(of face: borrowing CardFace) -> Int? {
    guard let swatchField else { return nil }
    let value = CardLine.value(of: swatchField, in: face)
    return value.isEmpty ? nil : CardText.swatch(of: value)
  }

  /// Lines of text inside the border: the standard face has three.
  var lineCount: Int { lines.isEmpty ? 3 : lines.count }

  /// The default: title, subtitle, year and rating, at the width the screen gives.
  public static let standard = CardStyle()

  /// Lines of a card box: the face's lines and two borders.
  var cardHeight: Int { lineCount + 2 }
  /// Lines of a row: its header line and the card strip.
  var rowHeight: Int { 1 + cardHeight }
}

/// How wide cards are.
public enum CardWidth: Hashable, Sendable {
  /// As wide as the screen width gives (`Metrics.strip(forScreenWidth:)`).
  case standard
  /// Exactly this many columns, borders included (within `CardStyle.widthRange`),
  /// or the whole strip when it is narrower.
  case columns(Int)
  /// Sized to the data: the 90th percentile of the titles' widths, borders
  /// added, within `Metrics.minimumCardWidth` and a third of the strip. The
  /// table measures it once, from the first content with cards.
  case auto
  /// `auto` once measured: titles of this many columns fit inside.
  case fitting(titleWidth: Int)

  /// The percentile of title widths `auto` sizes cards to.
  static let autoPercentile = 0.9
  /// The most cards `auto` measures (spread over the rows): enough for a
  /// percentile, and the same cost for a million cards.
  static let autoSampleLimit = 2_000

  /// `auto` measured on `content`; any other width as it is; `auto` still
  /// when `content` has no card.
  ///
  /// - Complexity: O(rows + `autoSampleLimit`).
  func measured(on content: ShelfContent) -> CardWidth {
    guard self == .auto else { return self }
    let rows = content.rows
    let total = rows.reduce(0) { $0 + $1.cards.count }
    guard total > 0 else { return self }
    let step = max(1, total / Self.autoSampleLimit)
    var widths: [Int] = []
    widths.reserveCapacity(min(total, Self.autoSampleLimit + 1))
    var index = 0
    for row in rows {
      // Every `step`-th card across all rows, in order.
      var next = (step - index % step) % step
      while next < row.cards.count {
        widths.append(TerminalText.width(of: row.cards[next].title))
        next += step
      }
      index += row.cards.count
    }
    widths.sort()
    let rank = Int((Double(widths.count) * Self.autoPercentile).rounded(.up)) - 1
    return .fitting(titleWidth: widths[min(widths.count - 1, max(0, rank))])
  }
}

extension Metrics {
  /// How the cards of a strip `width` columns wide are laid out in `style`:
  /// the standard width follows `strip(forScreenWidth:)`; a set or measured
  /// width is kept (never wider than the strip), as many cards as fit, and
  /// the columns left over spread between them.
  static func strip(forScreenWidth width: Int, style: CardStyle) -> StripMetrics {
    let available = max(0, width - 2 * stripMargin)
    let cardWidth: Int
    switch style.width {
    case .standard, .auto: return strip(forScreenWidth: width)
    case .columns(let columns): cardWidth = columns
    case .fitting(let titleWidth):
      // At most a third of the screen, so that three cards fill it.
      let third = (available + cardGap) / 3 - cardGap
      cardWidth = min(max(minimumCardWidth, third), max(minimumCardWidth, titleWidth + 2))
    }
    return spread(cardWidth: max(4, min(cardWidth, available)), over: available)
  }
}

/// One line of a card's face: text with card fields in braces, such as
/// `{author} · {date}` (the app reads it from `--card`).
public struct CardLine: Hashable, Sendable {
  /// A run of the line.
  public enum Piece: Hashable, Sendable {
    /// Text as it is.
    case text(String)
    /// A card field by name: one of the card's own fields, else `id`,
    /// `title`, `subtitle`, `year`, `rating`, `url`, `summary` or `tags`.
    case field(String)
  }

  /// The runs, in order.
  public var pieces: [Piece]

  /// A line of `pieces`.
  public init(_ pieces: [Piece]) {
    self.pieces = pieces
  }

  /// The line as `face` fills it in: a field the card does not have is empty.
  ///
  /// - Complexity: O(pieces × the card's fields).
  public func text(for face: borrowing CardFace) -> String {
    var text = ""
    for piece in pieces {
      switch piece {
      case .text(let run): text += run
      case .field(let name): text += Self.value(of: name, in: face)
      }
    }
    return text
  }

  /// The value of field `name` in `face`: its own fields first, then the
  /// fields every card has.
  static func value(of name: String, in face: borrowing CardFace) -> String {
    if let value = face.fields.value(named: name) { return value }
    switch name {
    case "id": return face.id
    case "title": return face.title
    case "subtitle": return face.subtitle
    case "year": return face.year.map(String.init) ?? ""
    case "rating": return face.rating.map { String($0) } ?? ""
    case "url": return face.url
    case "summary": return face.summary
    case "tags": return face.tags.joined(separator: ", ")
    default: return ""
    }
  }
}
