import ShelfUI

/// Content built in Swift for the screen tests: several sections and rows,
/// long titles, accents, CJK and emoji.
enum Fixtures {
  static let sciFi = CarouselRow(
    id: "sci-fi", title: "Science Fiction",
    cards: [
      CardFace(
        id: "dune", title: "Dune", subtitle: "Frank Herbert", year: 1965, rating: 4.3,
        summary:
          "On the desert planet Arrakis, a noble family is betrayed and its heir, Paul Atreides, finds his destiny among the Fremen.",
        tags: ["classic", "desert"]),
      CardFace(
        id: "foundation", title: "Foundation", subtitle: "Isaac Asimov", year: 1951, rating: 4.2),
      CardFace(id: "hyperion", title: "Hyperion", subtitle: "Dan Simmons", year: 1989, rating: 4.6),
      CardFace(
        id: "left-hand", title: "The Left Hand of Darkness", subtitle: "Ursula K. Le Guin",
        year: 1969,
        rating: 4.1),
      CardFace(
        id: "neuromancer", title: "Neuromancer", subtitle: "William Gibson", year: 1984, rating: 3.9
      ),
      CardFace(id: "solaris", title: "Solaris", subtitle: "Stanisław Lem", year: 1961, rating: 4.0),
      CardFace(
        id: "kindred", title: "Kindred", subtitle: "Octavia E. Butler", year: 1979, rating: 4.4),
      CardFace(id: "ubik", title: "Ubik", subtitle: "Philip K. Dick", year: 1969, rating: 4.1),
      CardFace(
        id: "long",
        title:
          "A Title So Long That No Card Could Ever Hold It Whole, Not Even On A Very Wide Screen",
        subtitle: "Anonymous", year: 2001, rating: 2.5),
    ])

  static let mystery = CarouselRow(
    id: "mystery", title: "Mystery",
    cards: [
      CardFace(
        id: "hound", title: "The Hound of the Baskervilles", subtitle: "Arthur Conan Doyle",
        year: 1902, rating: 4.1),
      CardFace(
        id: "moonstone", title: "The Moonstone", subtitle: "Wilkie Collins", year: 1868, rating: 3.9
      ),
      CardFace(
        id: "rebecca", title: "Rebecca", subtitle: "Daphne du Maurier", year: 1938, rating: 4.3),
    ])

  static let world = CarouselRow(
    id: "world", title: "Around the World 🌍",
    cards: [
      CardFace(id: "kokoro", title: "こころ", subtitle: "夏目漱石", year: 1914, rating: 4.2),
      CardFace(id: "rashomon", title: "羅生門", subtitle: "芥川龍之介", year: 1915, rating: 3.8),
      CardFace(
        id: "quijote", title: "Don Quijote", subtitle: "Miguel de Cervantes", year: 1605,
        rating: 4.0),
      CardFace(
        id: "etranger", title: "L’Étranger", subtitle: "Albert Camus", year: 1942, rating: 4.0),
      CardFace(id: "emoji", title: "🐉 Dragons 👨‍👩‍👧 & 🇯🇵", subtitle: "Various", year: 2020, rating: 3.0),
    ])

  static let empty = CarouselRow(id: "coming-soon", title: "Coming Soon", cards: [])

  static let films = CarouselRow(
    id: "films", title: "Classic Films",
    cards: (1...24).map { n in
      CardFace(
        id: "film-\(n)", title: "Film number \(n)", subtitle: "Director \(n)", year: 1920 + n,
        rating: Double(n % 6))
    })

  static let poetry = CarouselRow(
    id: "poetry", title: "Poetry",
    cards: [
      CardFace(
        id: "leaves", title: "Leaves of Grass", subtitle: "Walt Whitman", year: 1855, rating: 4.1),
      CardFace(id: "odyssey", title: "The Odyssey", subtitle: "Homer", rating: 3.9),
    ])

  /// Two titled sections and an untitled one; 6 rows.
  static let content = ShelfContent(
    title: "Bookstore",
    sections: [
      ShelfSection(id: "featured", title: "Featured", rows: [sciFi, mystery]),
      ShelfSection(id: "international", title: "International", rows: [world, films, empty]),
      ShelfSection(id: "more", title: nil, rows: [poetry]),
    ])
}

extension Fixtures {
  /// Content titled `title` with a section for each of `sections`.
  static func shelf(
    _ title: String, _ sections: [(id: String, title: String?, rows: [CarouselRow])]
  ) -> ShelfContent {
    ShelfContent(
      title: title,
      sections: sections.map { ShelfSection(id: $0.id, title: $0.title, rows: $0.rows) })
  }

  /// Content titled `title` whose one untitled section (id `s`) holds `rows`.
  static func oneSection(title: String, rows: [CarouselRow]) -> ShelfContent {
    shelf(title, [(id: "s", title: nil, rows: rows)])
  }

  /// Content titled `title` of one row, `rowID` titled `rowTitle`, of `cards`.
  static func oneRow(
    title: String, rowID: String = "r", rowTitle: String, cards: [CardFace]
  ) -> ShelfContent {
    oneSection(title: title, rows: [CarouselRow(id: rowID, title: rowTitle, cards: cards)])
  }
}

// MARK: - Screens for the navigation and focus tests

extension Fixtures {
  /// The terminal size of the navigation and focus tests.
  static let screenSize = Size(width: 80, height: 24)
}

/// A screen of `content` with no animation and updates applied at once, drawn
/// once at `Fixtures.screenSize`.
@MainActor
func screen(_ content: ShelfContent = Fixtures.content) -> ShelfScreen {
  let screen = ShelfScreen(
    content: content, configuration: ScreenConfiguration(animationDuration: 0), updates: .immediate)
  _ = screen.render(size: Fixtures.screenSize, now: 0)
  return screen
}

/// Presses `keys` in order on `screen` at `Fixtures.screenSize`.
@MainActor
func press(_ keys: Key..., on screen: ShelfScreen) {
  for key in keys { _ = screen.handle(key, size: Fixtures.screenSize) }
}

/// `content` with its sections edited by `change`.
func editing(_ content: ShelfContent, _ change: (inout [ShelfSection]) -> Void) -> ShelfContent {
  var content = content
  change(&content.sections)
  return content
}
