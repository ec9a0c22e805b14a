import ShelfDiff

/// What the table of carousels shows: ShelfUI's own view of a catalog, so the
/// views depend on no data source. The `shelf` executable builds it from a
/// `ShelfCatalog.Catalog`.
public struct ShelfContent: Equatable, Sendable {
  /// Shown in the status line.
  public var title: String
  /// Groups of rows, top to bottom.
  public var sections: [ShelfSection]

  /// Content titled `title` with `sections`.
  public init(title: String, sections: [ShelfSection]) {
    self.title = title
    self.sections = sections
  }
}

/// A heading over a group of carousels.
public struct ShelfSection: Identifiable, Equatable, Sendable {
  /// Unique among sections.
  public var id: String
  /// The heading; nil draws no header line.
  public var title: String?
  /// The carousels, top to bottom.
  public var rows: [CarouselRow]

  /// A section with `id`, `title` and `rows`.
  public init(id: String, title: String?, rows: [CarouselRow]) {
    self.id = id
    self.title = title
    self.rows = rows
  }
}

/// One carousel's data: a title and its cards.
public struct CarouselRow: Identifiable, Equatable, Sendable {
  /// Unique among all rows; keys the remembered scroll position.
  public var id: String
  /// The header line.
  public var title: String
  /// Left to right.
  public var cards: [CardFace]

  /// A row with `id`, `title` and `cards`.
  public init(id: String, title: String, cards: [CardFace]) {
    self.id = id
    self.title = title
    self.cards = cards
  }
}

/// What a card shows, in the strip and in the details panel.
public struct CardFace: Identifiable, Equatable, Sendable {
  /// Unique within its row.
  public var id: String
  /// First line.
  public var title: String
  /// Second line (author, director).
  public var subtitle: String
  /// Year, when known.
  public var year: Int?
  /// 0 to 5, drawn as stars.
  public var rating: Double?
  /// The details panel's paragraph.
  public var summary: String
  /// Labels, listed in the details panel.
  public var tags: [String]
  /// A link, shown in the details panel; empty when the card has none.
  public var url: String
  /// The cover picture as the card gives it (a path or an http(s) URL);
  /// empty when the card has none.
  public var image: String
  /// The other fields the card came with, in their order: listed in the
  /// details panel, searched, and named in templates.
  public var fields: NamedValues

  /// One of a card's other fields: a name and its value as text.
  public typealias Field = NamedValue

  /// A card face; only `id` and `title` are required.
  public init(
    id: String, title: String, subtitle: String = "", year: Int? = nil, rating: Double? = nil,
    summary: String = "", tags: [String] = [], url: String = "", image: String = "",
    fields: NamedValues = []
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.year = year
    self.rating = rating
    self.summary = summary
    self.tags = tags
    self.url = url
    self.image = image
    self.fields = fields
  }
}
