import ShelfDiff

/// A whole catalog: sections of rows of cards. An immutable snapshot; live
/// sources produce a new one for every change.
public struct Catalog: Equatable, Sendable {
  /// Shown in the status line.
  public var title: String
  /// The sections, top to bottom.
  public var sections: [Section]

  /// A catalog titled `title` with `sections`.
  public init(title: String, sections: [Section]) {
    self.title = title
    self.sections = sections
  }

  /// Every row, top to bottom across sections.
  public var rows: [Row] { sections.flatMap(\.rows) }

  /// How many cards there are in all rows.
  public var cardCount: Int {
    sections.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.items.count } }
  }
}

/// A group of rows under one heading.
public struct Section: Identifiable, Equatable, Sendable {
  /// Unique among the catalog's sections.
  public var id: String
  /// The heading; nil for the untitled section of a top-level `"rows"` catalog.
  public var title: String?
  /// The rows, top to bottom.
  public var rows: [Row]

  /// A section with `id`, `title` and `rows`.
  public init(id: String, title: String? = nil, rows: [Row]) {
    self.id = id
    self.title = title
    self.rows = rows
  }
}

/// One carousel: a titled, horizontally scrolling strip of cards.
public struct Row: Identifiable, Equatable, Sendable {
  /// Unique among the catalog's rows.
  public var id: String
  /// The row's heading.
  public var title: String
  /// The cards, left to right.
  public var items: [Card]

  /// A row with `id`, `title` and `items`.
  public init(id: String, title: String, items: [Card]) {
    self.id = id
    self.title = title
    self.items = items
  }
}

/// One item in a row: a book, a film.
public struct Card: Identifiable, Equatable, Sendable {
  /// Unique within its row. Integer ids in JSON arrive as their decimal text.
  public var id: String
  /// The main line.
  public var title: String
  /// Author, director or similar.
  public var subtitle: String?
  /// Year of publication or release.
  public var year: Int?
  /// 0 to 5.
  public var rating: Double?
  /// A paragraph for the details panel.
  public var summary: String?
  /// Free-form labels.
  public var tags: [String]
  /// A link for the card (a web page, a file): the details panel shows it,
  /// and `--pick`, `--bind` and `y` can hand it on as `{url}`.
  public var url: String?
  /// A picture for the card's cover: a path (relative to the catalog's file)
  /// or an http(s) URL, as written.
  public var image: String?
  /// The fields it came with that the properties above do not hold, in the
  /// order they came: every field of a record; a catalog item's members
  /// other than those above. Shown in the details, named in templates
  /// (`{field}`) and searched.
  public var fields: CardFields

  /// A card; only `id` and `title` are required.
  public init(
    id: String, title: String, subtitle: String? = nil, year: Int? = nil, rating: Double? = nil,
    summary: String? = nil, tags: [String] = [], url: String? = nil, image: String? = nil,
    fields: CardFields = []
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
