import ShelfDiff

/// What the table of carousels shows: ShelfUI's own view of a catalog, so the
/// views depend on no data source. The `shelf` executable builds it from a
/// `ShelfCatalog.Catalog`.
///
/// One shape from the source to the screen: rows of cards, each row carrying
/// the id and title of the section it belongs to. The table draws a section
/// header over each run of consecutive rows of the same section (`sections`).
public struct ShelfContent: Equatable, Sendable {
  /// Shown in the status line.
  public var title: String
  /// The carousels, top to bottom, each with its section's id and title.
  public var rows: [CarouselRow]

  /// Content titled `title` with `rows`.
  public init(title: String, rows: [CarouselRow]) {
    self.title = title
    self.rows = rows
  }

  /// Content titled `title` with the rows of `sections`, each row given its
  /// section's id and title (a section with no rows adds none).
  ///
  /// - Complexity: O(sections + rows).
  public init(title: String, sections: [ShelfSection]) {
    self.init(title: title, rows: Self.rows(of: sections))
  }

  /// The rows grouped into sections: a run of consecutive rows with the same
  /// section id is one section, whose rows do not repeat its id and title.
  /// Setting it sets `rows`.
  ///
  /// - Complexity: O(rows).
  public var sections: [ShelfSection] {
    get { ShelfSection.grouping(rows) }
    set { rows = Self.rows(of: newValue) }
  }

  /// The rows of `sections`, each given its section's id and title.
  ///
  /// - Complexity: O(sections + rows).
  static func rows(of sections: [ShelfSection]) -> [CarouselRow] {
    var rows: [CarouselRow] = []
    rows.reserveCapacity(sections.reduce(0) { $0 + $1.rows.count })
    for section in sections {
      for var row in section.rows {
        row.sectionID = section.id
        row.sectionTitle = section.title
        rows.append(row)
      }
    }
    return rows
  }
}

/// A heading over a group of carousels: a run of consecutive rows of the
/// same section, as `ShelfContent.sections` groups them.
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

  /// The sections of `rows`: each run of consecutive rows with the same
  /// section id, its rows without the section's id and title.
  ///
  /// - Complexity: O(`rows.count`).
  static func grouping(_ rows: [CarouselRow]) -> [ShelfSection] {
    var sections: [ShelfSection] = []
    for var row in rows {
      if sections.isEmpty || sections[sections.count - 1].id != row.sectionID {
        sections.append(ShelfSection(id: row.sectionID, title: row.sectionTitle, rows: []))
      }
      row.sectionID = ""
      row.sectionTitle = nil
      sections[sections.count - 1].rows.append(row)
    }
    return sections
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
  /// The id of the section the row belongs to: consecutive rows with the
  /// same one are drawn under one header.
  public var sectionID: String
  /// The heading of the row's section; nil draws no header line.
  public var sectionTitle: String?

  /// A row with `id`, `title` and `cards`, in the section `sectionID` titled
  /// `sectionTitle`.
  public init(
    id: String, title: String, cards: [CardFace], sectionID: String = "",
    sectionTitle: String? = nil
  ) {
    self.id = id
    self.title = title
    self.cards = cards
    self.sectionID = sectionID
    self.sectionTitle = sectionTitle
  }
}

/// What a card shows, in the strip and in the details panel.
///
/// Its fields live in one shared, copy-on-write box: copying a card (the
/// `/` filter keeps a million of them, the chain's links pass them on)
/// retains one reference rather than each of its strings, and two copies
/// of one card compare equal without reading their text.
public struct CardFace: Identifiable, Equatable, Sendable {
  /// Unique within its row.
  public var id: String {
    get { storage.id }
    set { unique().id = newValue }
  }
  /// First line.
  public var title: String {
    get { storage.title }
    set { unique().title = newValue }
  }
  /// Second line (author, director).
  public var subtitle: String {
    get { storage.subtitle }
    set { unique().subtitle = newValue }
  }
  /// Year, when known.
  public var year: Int? {
    get { storage.year }
    set { unique().year = newValue }
  }
  /// 0 to 5, drawn as stars.
  public var rating: Double? {
    get { storage.rating }
    set { unique().rating = newValue }
  }
  /// The details panel's paragraph.
  public var summary: String {
    get { storage.summary }
    set { unique().summary = newValue }
  }
  /// Labels, listed in the details panel.
  public var tags: [String] {
    get { storage.tags }
    set { unique().tags = newValue }
  }
  /// A link, shown in the details panel; empty when the card has none.
  public var url: String {
    get { storage.url }
    set { unique().url = newValue }
  }
  /// The cover picture as the card gives it (a path or an http(s) URL);
  /// empty when the card has none.
  public var image: String {
    get { storage.image }
    set { unique().image = newValue }
  }
  /// The other fields the card came with, in their order: listed in the
  /// details panel, searched, and named in templates.
  public var fields: NamedValues {
    get { storage.fields }
    set { unique().fields = newValue }
  }

  /// One of a card's other fields: a name and its value as text.
  public typealias Field = NamedValue

  /// The fields, shared by the copies of the card until one is changed.
  private var storage: Storage

  /// A card face; only `id` and `title` are required.
  public init(
    id: String, title: String, subtitle: String = "", year: Int? = nil, rating: Double? = nil,
    summary: String = "", tags: [String] = [], url: String = "", image: String = "",
    fields: NamedValues = []
  ) {
    storage = Storage(
      id: id, title: title, subtitle: subtitle, year: year, rating: rating, summary: summary,
      tags: tags, url: url, image: image, fields: fields)
  }

  /// Whether the two cards have the same fields: at once when they are
  /// copies of one card.
  public static func == (lhs: CardFace, rhs: CardFace) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.hasSameFields(as: rhs.storage)
  }

  /// Whether the card is a copy of `other`, sharing its box (then it has
  /// the same fields; two equal cards need not share one).
  func isCopy(of other: CardFace) -> Bool { storage === other.storage }

  /// The box, made this card's own before a field of it changes.
  private mutating func unique() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  /// A card's fields. Changed only through a card that holds the one
  /// reference to it (`unique()`), so a box that two threads can see is
  /// never written: hence `@unchecked Sendable`.
  private final class Storage: @unchecked Sendable {
    var id: String
    var title: String
    var subtitle: String
    var year: Int?
    var rating: Double?
    var summary: String
    var tags: [String]
    var url: String
    var image: String
    var fields: NamedValues

    init(
      id: String, title: String, subtitle: String, year: Int?, rating: Double?, summary: String,
      tags: [String], url: String, image: String, fields: NamedValues
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

    func copy() -> Storage {
      Storage(
        id: id, title: title, subtitle: subtitle, year: year, rating: rating, summary: summary,
        tags: tags, url: url, image: image, fields: fields)
    }

    func hasSameFields(as other: Storage) -> Bool {
      id == other.id && title == other.title && subtitle == other.subtitle
        && year == other.year && rating == other.rating && summary == other.summary
        && tags == other.tags && url == other.url && image == other.image
        && fields == other.fields
    }
  }
}
