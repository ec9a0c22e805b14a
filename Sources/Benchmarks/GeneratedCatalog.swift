import ShelfCatalog
import ShelfDiff

/// Catalogs the scale and terminal benchmarks generate from a fixed seed, the
/// same on every machine. `CatalogEncoder` writes them as the JSON `shelf` reads.
enum GeneratedCatalog {
  /// `rows` rows of `cardsPerRow` cards, `rowsPerSection` rows to a section.
  /// Card ids are unique across the whole catalog (`c<number>`), as a store's are.
  static func make(rows: Int, cardsPerRow: Int, rowsPerSection: Int = 50, seed: UInt64) -> Catalog {
    var rng = SplitMix64(seed: seed)
    var sections: [Section] = []
    var nextCard = 0
    for first in stride(from: 0, to: rows, by: rowsPerSection) {
      let number = sections.count
      var section = Section(
        id: "s\(number)", title: "\(pick(genres, &rng)) \(number + 1)", rows: [])
      for row in first..<min(rows, first + rowsPerSection) {
        var items: [Card] = []
        items.reserveCapacity(cardsPerRow)
        for _ in 0..<cardsPerRow {
          items.append(card(number: nextCard, using: &rng))
          nextCard += 1
        }
        section.rows.append(
          Row(id: "r\(row)", title: "\(pick(genres, &rng)) · shelf \(row + 1)", items: items))
      }
      sections.append(section)
    }
    return Catalog(title: "Generated \(rows) x \(cardsPerRow)", sections: sections)
  }

  /// One card; `edition` above 0 changes its title, as an edit would.
  static func card(number: Int, edition: Int = 0, using rng: inout SplitMix64) -> Card {
    var title = "\(pick(openings, &rng)) \(pick(adjectives, &rng)) \(pick(nouns, &rng))"
    if edition > 0 { title += " (revised \(edition))" }
    return Card(
      id: "c\(number)", title: title,
      subtitle: "\(pick(givenNames, &rng)) \(pick(familyNames, &rng))",
      year: 1900 + Int(rng.next() % 126), rating: Double(10 + rng.next() % 41) / 10,
      tags: [pick(tags, &rng)])
  }

  // MARK: - Changes

  /// `catalog` with about `fraction` of its cards changed, in four equal parts:
  /// deleted, inserted (new ids), moved (half within their row, half to
  /// another row) and edited, at random places across the whole catalog.
  static func churned(_ catalog: Catalog, fraction: Double, seed: UInt64) -> Catalog {
    var rng = SplitMix64(seed: seed)
    var rows = catalog.sections.map(\.rows)
    let total = catalog.cardCount
    let each = Int(Double(total) * fraction / 4)
    func randomRow() -> (section: Int, row: Int) {
      while true {
        let section = Int(rng.next() % UInt64(rows.count))
        if !rows[section].isEmpty {
          return (section, Int(rng.next() % UInt64(rows[section].count)))
        }
      }
    }
    func randomSlot(_ count: Int, inclusive: Bool) -> Int {
      Int(rng.next() % UInt64(count + (inclusive ? 1 : 0)))
    }
    for _ in 0..<each {  // deletions
      let (s, r) = randomRow()
      guard !rows[s][r].items.isEmpty else { continue }
      rows[s][r].items.remove(at: randomSlot(rows[s][r].items.count, inclusive: false))
    }
    for k in 0..<each {  // insertions
      let (s, r) = randomRow()
      let card = card(number: total + k, using: &rng)
      rows[s][r].items.insert(card, at: randomSlot(rows[s][r].items.count, inclusive: true))
    }
    for k in 0..<each {  // moves
      let (s, r) = randomRow()
      guard !rows[s][r].items.isEmpty else { continue }
      let card = rows[s][r].items.remove(at: randomSlot(rows[s][r].items.count, inclusive: false))
      let (ts, tr) = k.isMultiple(of: 2) ? (s, r) : randomRow()
      rows[ts][tr].items.insert(card, at: randomSlot(rows[ts][tr].items.count, inclusive: true))
    }
    for _ in 0..<each {  // edits
      let (s, r) = randomRow()
      guard !rows[s][r].items.isEmpty else { continue }
      let index = randomSlot(rows[s][r].items.count, inclusive: false)
      rows[s][r].items[index].title += " (revised)"
    }
    var result = catalog
    for index in result.sections.indices { result.sections[index].rows = rows[index] }
    return result
  }

  /// `catalog` with a batch of changes a user sees on the first screen: among
  /// the first rows, one moves down, one is inserted and one deleted; in the
  /// first rows' strips cards move, arrive, leave and are edited. `step`
  /// varies the batch.
  static func rearrangedOnScreen(_ catalog: Catalog, step: Int) -> Catalog {
    var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(step))
    var result = catalog
    var rows = result.sections[0].rows
    guard rows.count >= 8 else { return result }
    for r in 0..<4 {
      var items = rows[r].items
      guard items.count >= 8 else { continue }
      let card = items.remove(at: Int(rng.next() % 3))
      items.insert(card, at: 3 + Int(rng.next() % 4))
      items.remove(at: Int(rng.next() % 6))
      items.insert(
        self.card(number: 9_000_000 + step * 10 + r, using: &rng), at: Int(rng.next() % 5))
      items[Int(rng.next() % 6)].title += " ✦"
      rows[r].items = items
    }
    let moved = rows.remove(at: Int(rng.next() % 2))
    rows.insert(moved, at: 2 + Int(rng.next() % 2))
    rows.remove(at: 4 + Int(rng.next() % 2))
    let newRow = Row(
      id: "new-\(step)", title: "Just arrived \(step)",
      items: (0..<12).map { self.card(number: 8_000_000 + step * 100 + $0, using: &rng) })
    rows.insert(newRow, at: 1 + Int(rng.next() % 3))
    result.sections[0].rows = rows
    return result
  }

  // MARK: - Words

  private static func pick(_ words: [String], _ rng: inout SplitMix64) -> String {
    words[Int(rng.next() % UInt64(words.count))]
  }

  private static let openings = [
    "The", "A", "Last", "Beyond the", "Under the", "Return of the", "Song of the",
  ]
  private static let adjectives = [
    "Silent", "Crimson", "Hidden", "Northern", "Broken", "Golden", "Distant", "Quiet", "Burning",
    "Winter", "Glass", "Iron", "Paper", "Midnight", "Wandering", "Lost",
  ]
  private static let nouns = [
    "Harbor", "Garden", "Empire", "River", "Archive", "Lighthouse", "Orchard", "Station", "Kingdom",
    "Letters", "Machine", "Mountain", "Library", "Voyage", "Forest", "City", "Signal", "Tide",
  ]
  private static let givenNames = [
    "Mara", "Jonas", "Aiko", "Rafael", "Ines", "Tomasz", "Leila", "Kwame", "Sofia", "Hugo", "Yuki",
    "Amara", "Pavel", "Noor",
  ]
  private static let familyNames = [
    "Okafor", "Lindqvist", "Tanaka", "Moreau", "Castillo", "Novak", "Haddad", "Mensah", "Rossi",
    "Fischer", "Sato", "Adeyemi", "Petrov", "Karimi",
  ]
  private static let genres = [
    "Science Fiction", "Mystery", "History", "Poetry", "Thrillers", "Classics", "Documentaries",
    "Comedy", "Travel", "Biography",
  ]
  private static let tags = ["classic", "new", "award", "series", "short", "epic", "debut"]
}
