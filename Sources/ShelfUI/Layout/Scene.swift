/// Everything the table draws in one frame, placed on screen: the output of a
/// layout (still) or of a transition (moving), the input of `SceneRenderer`.
struct Scene: Equatable, Sendable {
  /// The whole screen.
  var size: Size
  /// The lines between the status line and the key hint; nothing in the table
  /// is drawn outside it.
  var body: Rect
  /// Section headers and rows, in drawing order (later ones over earlier ones).
  var entries: [SceneEntry] = []
  /// Shown in the middle of the body when there is nothing else.
  var emptyMessage: String?
}

/// One thing the table draws.
enum SceneEntry: Equatable, Sendable {
  case header(HeaderPlacement)
  case row(RowPlacement)
}

extension Scene {
  /// The rows, in drawing order.
  var rows: [RowPlacement] {
    entries.compactMap { if case .row(let row) = $0 { row } else { nil } }
  }
}

/// A section header on screen.
struct HeaderPlacement: Equatable, Sendable {
  /// The section id.
  var id: String
  /// The heading.
  var title: String
  /// Screen line.
  var y: Int
  /// Lines shown (0 or 1; 0 while collapsed).
  var height: Int
  /// Highlight (0 none, 1 full), for a renamed section.
  var highlight = 0.0

  /// Lines of the header.
  var lineCount: Int { Metrics.sectionHeaderHeight }
}

/// A row on screen: header line and card strip.
struct RowPlacement: Equatable, Sendable {
  /// The row id.
  var id: String
  /// The header's title.
  var title: String
  /// The header's right-hand position, such as `3 / 24`.
  var position: String
  /// Whether the focus is in this row.
  var isFocused: Bool
  /// Screen line of the header.
  var y: Int
  /// Lines of text on each card's face.
  var cardLineCount = CardStyle.standard.lineCount
  /// Where the strip's cards go (set by the layout; when nil, the standard
  /// strip at the body's width).
  var strip: StripMetrics?
  /// Lines shown from the top (`lineCount` when whole; less while it
  /// grows or collapses; a title alone is not drawn).
  var height: Int
  /// The cards, in drawing order, with screen columns.
  var cards: [CardPlacement] = []
  /// Cards continue off the left edge.
  var hasMoreLeft = false
  /// Cards continue off the right edge.
  var hasMoreRight = false
  /// Text shown in the strip when the row has no cards.
  var placeholder: String?
  /// Highlight of the header (0 none, 1 full), for a renamed row.
  var highlight = 0.0
  /// Lines of each card's cover area (0: no covers).
  var coverLines = 0

  /// Lines of each card, borders included.
  var cardHeight: Int { cardLineCount + 2 + coverLines }
  /// Lines of the whole row: its title line and its cards.
  var lineCount: Int { 1 + cardHeight }
}

/// A card on screen.
struct CardPlacement: Equatable, Sendable {
  /// What it shows.
  var face: CardLabel
  /// Screen column of its left border.
  var x: Int
  /// Columns, borders included (less than the full width while a gap opens or closes).
  var width: Int
  /// Whether it has the focus.
  var isFocused: Bool
  /// Highlight for a reloaded card (0 none, 1 full), fading as a transition ends.
  var highlight = 0.0

  /// `face` placed at column `x`, `width` columns wide, its face as `style` says.
  init(
    face: CardFace, x: Int, width: Int, isFocused: Bool, highlight: Double = 0,
    style: CardStyle = .standard
  ) {
    self.face = CardLabel(face)
    if !style.lines.isEmpty { self.face.lines = style.lines.map { $0.text(for: face) } }
    self.face.swatch = style.swatch(of: face)
    self.x = x
    self.width = width
    self.isFocused = isFocused
    self.highlight = highlight
  }
}

/// The fields of a `CardFace` a card in a strip draws. The summary shows only
/// in the details panel, so a frame's placements neither copy nor compare it;
/// the tags come along (an array shared, not copied) for a `/` filter that
/// matched through one.
struct CardLabel: Equatable, Sendable {
  /// The card's id.
  var id: String
  /// The colour of its square (`CardStyle.swatchField`); nil: no square.
  var swatch: Int?
  /// First line.
  var title: String
  /// Second line.
  var subtitle: String
  /// Year, when known.
  var year: Int?
  /// 0 to 5, drawn as stars.
  var rating: Double?
  /// Labels: one a filter matched through can show on the card.
  var tags: [String]
  /// The lines of a face made of `CardLine`s, as `face` fills them in;
  /// empty for the standard face.
  var lines: [String]
  /// The cover picture as the card gives it; empty when it has none.
  var image: String
  /// The cover's cells, once converted at the card's size; nil while not
  /// ready (a placeholder shows) or when the card has no cover.
  var cover: CoverCells?
  /// What the `/` filter matched on the card, while one is on.
  var marks: CardMarks?

  /// The drawn fields of `face`.
  init(_ face: borrowing CardFace) {
    id = face.id
    title = face.title
    subtitle = face.subtitle
    year = face.year
    rating = face.rating
    tags = face.tags
    lines = []
    swatch = nil
    image = face.image
  }
}
