import ShelfCatalog
import ShelfDiff

/// How much a demo update changes.
public enum DemoChurn: String, CaseIterable, Sendable {
  /// One or two changes, no reshuffles.
  case small
  /// A handful of changes, a reshuffle now and then.
  case moderate
  /// Dozens of changes, frequent reshuffles.
  case massive

  /// How many changes one update makes, at least and at most.
  var changes: ClosedRange<Int> {
    switch self {
    case .small: 1...2
    case .moderate: 3...8
    case .massive: 12...40
    }
  }

  /// The chance, one in this many, that an update is a massive reshuffle (0: never).
  var reshuffleOdds: Int {
    switch self {
    case .small: 0
    case .moderate: 40
    case .massive: 6
    }
  }
}

/// A seeded source of realistic catalog changes for the live demo: cards
/// inserted, deleted, moved and edited within rows; cards moving between rows
/// of a section; rows inserted, deleted, moved and renamed within their
/// section; and sometimes a massive reshuffle of each section's rows.
///
/// A section is a theme ("Around the World"): a row stays in the section it
/// started in, and a row the demo adds or renames is named after its section
/// ("Hidden Gems in Around the World"), so that after an hour the screen
/// still reads as the catalog it began as.
///
/// Deterministic: the same seed, churn and input catalogs give the same
/// updates on every machine. How often to ask for one is the caller's business.
/// Ids stay unique (rows across the catalog, cards within their row) when the
/// input's are.
public struct DemoGenerator: Sendable {
  /// How much each update changes.
  public var churn: DemoChurn
  private var random: SplitMix64
  private var serial = 0
  /// Row and card counts of the first catalog seen: the sizes the demo stays around.
  private var baseline: (rows: Int, cardsPerRow: Int)?

  /// A generator whose updates are fixed by `seed`.
  public init(seed: UInt64, churn: DemoChurn = .moderate) {
    self.churn = churn
    random = SplitMix64(seed: seed)
  }

  /// The next state of `catalog`: one update's worth of changes.
  public mutating func nextCatalog(after catalog: Catalog) -> Catalog {
    var sections = catalog.sections
    if sections.isEmpty { sections = [Section(id: "demo", title: "Live", rows: [])] }
    let rowCount = sections.reduce(0) { $0 + $1.rows.count }
    if baseline == nil {
      let cards = catalog.cardCount
      baseline = (max(rowCount, 4), max(rowCount == 0 ? 8 : cards / max(rowCount, 1), 4))
    }
    if churn.reshuffleOdds > 0, Int.random(in: 0..<churn.reshuffleOdds, using: &random) == 0 {
      reshuffle(&sections)
    } else {
      for _ in 0..<Int.random(in: churn.changes, using: &random) {
        change(&sections)
      }
    }
    // A change can undo another (a card moved there and back): try again, a few times.
    var attempts = 0
    while sections == catalog.sections, attempts < 8 {
      change(&sections)
      attempts += 1
    }
    return Catalog(title: catalog.title, sections: sections)
  }

  // MARK: - One change

  private enum Change: CaseIterable {
    case insertCard, deleteCard, moveCard, editCard, moveCardBetweenRows
    case insertRow, deleteRow, moveRow, renameRow
  }

  private mutating func change(_ sections: inout [Section]) {
    let rows = sections.reduce(0) { $0 + $1.rows.count }
    let (baseRows, _) = baseline ?? (4, 8)
    // Card changes are the common case; row changes keep the count near the baseline.
    var weighted: [(Change, Int)] = [
      (.insertCard, 6), (.deleteCard, 5), (.moveCard, 6), (.editCard, 6),
      (.moveCardBetweenRows, 3), (.moveRow, 2), (.renameRow, 1),
    ]
    weighted.append((.insertRow, rows < baseRows ? 3 : (rows < baseRows * 3 / 2 ? 1 : 0)))
    weighted.append((.deleteRow, rows > baseRows / 2 + 1 ? 1 : 0))
    let total = weighted.reduce(0) { $0 + $1.1 }
    var pick = Int.random(in: 0..<total, using: &random)
    var chosen = Change.editCard
    for (change, weight) in weighted {
      if pick < weight {
        chosen = change
        break
      }
      pick -= weight
    }
    switch chosen {
    case .insertCard: insertCard(&sections)
    case .deleteCard: deleteCard(&sections)
    case .moveCard: moveCard(&sections)
    case .editCard: editCard(&sections)
    case .moveCardBetweenRows: moveCardBetweenRows(&sections)
    case .insertRow: insertRow(&sections)
    case .deleteRow: deleteRow(&sections)
    case .moveRow: moveRow(&sections)
    case .renameRow: renameRow(&sections)
    }
  }

  /// A random row's place, optionally only among rows that satisfy `condition`.
  private mutating func randomRow(
    in sections: [Section], where condition: (Row) -> Bool = { _ in true }
  ) -> (section: Int, row: Int)? {
    var places: [(Int, Int)] = []
    for (s, section) in sections.enumerated() {
      for (r, row) in section.rows.enumerated() where condition(row) { places.append((s, r)) }
    }
    guard !places.isEmpty else { return nil }
    return places[Int.random(in: 0..<places.count, using: &random)]
  }

  /// The most cards a row gets from the demo.
  private var cardLimit: Int { (baseline?.cardsPerRow ?? 8) * 2 }

  private mutating func insertCard(_ sections: inout [Section]) {
    let limit = cardLimit
    guard let (s, r) = randomRow(in: sections, where: { $0.items.count < limit }) else { return }
    let card = newCard(avoiding: sections[s].rows[r])
    let index = Int.random(in: 0...sections[s].rows[r].items.count, using: &random)
    sections[s].rows[r].items.insert(card, at: index)
  }

  private mutating func deleteCard(_ sections: inout [Section]) {
    guard let (s, r) = randomRow(in: sections, where: { $0.items.count > 1 }) else { return }
    sections[s].rows[r].items.remove(
      at: Int.random(in: 0..<sections[s].rows[r].items.count, using: &random))
  }

  private mutating func moveCard(_ sections: inout [Section]) {
    guard let (s, r) = randomRow(in: sections, where: { $0.items.count > 1 }) else { return }
    let count = sections[s].rows[r].items.count
    let from = Int.random(in: 0..<count, using: &random)
    // Mostly short hops, as a ranking changes; sometimes across the row.
    var to =
      Bool.random(using: &random)
      ? min(max(from + Int.random(in: -3...3, using: &random), 0), count - 1)
      : Int.random(in: 0..<count, using: &random)
    if to == from { to = from == 0 ? 1 : from - 1 }
    let card = sections[s].rows[r].items.remove(at: from)
    sections[s].rows[r].items.insert(card, at: to)
  }

  private mutating func editCard(_ sections: inout [Section]) {
    guard let (s, r) = randomRow(in: sections, where: { !$0.items.isEmpty }) else { return }
    let index = Int.random(in: 0..<sections[s].rows[r].items.count, using: &random)
    var card = sections[s].rows[r].items[index]
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      let step = Double(Int.random(in: -5...5, using: &random)) / 10
      let rating = ((card.rating ?? 3.5) + (step == 0 ? 0.1 : step)).clamped(to: 0...5)
      card.rating = (rating * 10).rounded() / 10
    case 1:
      card.title = DemoWords.title(using: &random)
    case 2:
      card.subtitle = DemoWords.author(using: &random)
    default:
      card.year = Int.random(in: 1920...2025, using: &random)
      card.rating = Double(Int.random(in: 25...50, using: &random)) / 10
    }
    sections[s].rows[r].items[index] = card
  }

  private mutating func moveCardBetweenRows(_ sections: inout [Section]) {
    guard let (s, r) = randomRow(in: sections, where: { $0.items.count > 1 }) else { return }
    let index = Int.random(in: 0..<sections[s].rows[r].items.count, using: &random)
    let card = sections[s].rows[r].items[index]
    let cardLimit = cardLimit
    // Another row of the same section: a card keeps to its theme too.
    let candidates = sections[s].rows.indices.filter { u in
      u != r && sections[s].rows[u].items.count < cardLimit
        && !sections[s].rows[u].items.contains { $0.id == card.id }
    }
    guard !candidates.isEmpty else { return }
    let (t, u) = (s, candidates[Int.random(in: 0..<candidates.count, using: &random)])
    sections[s].rows[r].items.remove(at: index)
    let to = Int.random(in: 0...sections[t].rows[u].items.count, using: &random)
    sections[t].rows[u].items.insert(card, at: to)
  }

  private mutating func insertRow(_ sections: inout [Section]) {
    let existing = Set(sections.flatMap { $0.rows.map(\.id) })
    var id: String
    repeat {
      serial += 1
      id = "live-row-\(serial)"
    } while existing.contains(id)
    let s = Int.random(in: 0..<sections.count, using: &random)
    guard let title = rowTitle(for: sections[s], in: sections, replacing: nil) else { return }
    var row = Row(id: id, title: title, items: [])
    let count = Int.random(in: 3...max(3, baseline?.cardsPerRow ?? 8), using: &random)
    for _ in 0..<count { row.items.append(newCard(avoiding: row)) }
    sections[s].rows.insert(row, at: Int.random(in: 0...sections[s].rows.count, using: &random))
  }

  private mutating func deleteRow(_ sections: inout [Section]) {
    guard let (s, r) = randomRow(in: sections) else { return }
    sections[s].rows.remove(at: r)
  }

  /// Moves a row to another place in its own section (a section is a theme).
  private mutating func moveRow(_ sections: inout [Section]) {
    guard let (s, r) = randomRow(in: sections, where: { _ in true }),
      sections[s].rows.count > 1
    else { return }
    let row = sections[s].rows.remove(at: r)
    var to = Int.random(in: 0...sections[s].rows.count, using: &random)
    if to == r { to = r == 0 ? 1 : r - 1 }
    sections[s].rows.insert(row, at: to)
  }

  private mutating func renameRow(_ sections: inout [Section]) {
    guard let (s, r) = randomRow(in: sections),
      let title = rowTitle(for: sections[s], in: sections, replacing: sections[s].rows[r].title)
    else { return }
    sections[s].rows[r].title = title
  }

  /// A title for a row of `section` that no row of `sections` has (nor
  /// `replacing`, the title being renamed), named after the section's theme;
  /// nil when every such title is taken (then no row is added or renamed:
  /// two rows never read the same, and a title is never numbered).
  private mutating func rowTitle(
    for section: Section, in sections: [Section], replacing: String?
  ) -> String? {
    var taken = Set(sections.flatMap { $0.rows.map(\.title) })
    if let replacing { taken.insert(replacing) }
    let choices = DemoWords.rowTitles(for: section.title).filter { !taken.contains($0) }
    guard !choices.isEmpty else { return nil }
    return choices[Int.random(in: 0..<choices.count, using: &random)]
  }

  // MARK: - Reshuffle

  private mutating func reshuffle(_ sections: inout [Section]) {
    // Rows change places within each section: a row keeps to its theme.
    for s in sections.indices { sections[s].rows.shuffle(using: &random) }
    // Most rows reorder their cards; many lose some and gain some.
    for s in sections.indices {
      for r in sections[s].rows.indices where Int.random(in: 0..<3, using: &random) > 0 {
        sections[s].rows[r].items.shuffle(using: &random)
        let drop = min(sections[s].rows[r].items.count - 1, Int.random(in: 0...2, using: &random))
        if drop > 0 { sections[s].rows[r].items.removeLast(drop) }
        for _ in 0..<Int.random(in: 0...2, using: &random)
        where sections[s].rows[r].items.count < cardLimit {
          let card = newCard(avoiding: sections[s].rows[r])
          sections[s].rows[r].items.insert(
            card, at: Int.random(in: 0...sections[s].rows[r].items.count, using: &random))
        }
      }
    }
    for _ in 0..<3 { change(&sections) }
  }

  // MARK: - New content

  private mutating func newCard(avoiding row: Row) -> Card {
    var id: String
    repeat {
      serial += 1
      id = "live-\(serial)"
    } while row.items.contains { $0.id == id }
    let year = Int.random(in: 1920...2025, using: &random)
    return Card(
      id: id, title: DemoWords.title(using: &random), subtitle: DemoWords.author(using: &random),
      year: year, rating: Double(Int.random(in: 25...50, using: &random)) / 10,
      summary: DemoWords.summary(using: &random), tags: ["new"])
  }
}

extension Comparable {
  fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
