/// A catalog that records arrive at one by one (`--stream --records`): each
/// card is upserted by id, newest first in its row, and a row keeps at most
/// `keep` cards.
public struct UpsertingCatalog: Sendable {
  /// The catalog as it stands.
  public private(set) var catalog: Catalog
  /// The most cards a row keeps; the oldest go first.
  public let keep: Int
  /// Each row's revision: a number that changes whenever the row does, so
  /// that a version shown can keep what it made of the rows not changed since.
  public private(set) var revisions = RowRevisions()
  /// The last revision given.
  private var lastRevision = 0
  /// Each row's place, by section id and row id.
  private var rowPlaces: [RowKey: (section: Int, row: Int)] = [:]
  /// Each section's place, by id.
  private var sectionPlaces: [String: Int] = [:]
  /// The row each card id is in.
  private var cardRows: [String: RowKey] = [:]

  private struct RowKey: Hashable, Sendable {
    var section: String
    var row: String
  }

  /// An empty catalog titled `title` whose rows keep at most `keep` cards.
  public init(title: String, keep: Int) {
    precondition(keep > 0, "a row keeps at least one card")
    catalog = Catalog(title: title, sections: [])
    self.keep = keep
  }

  /// Upserts every card of `arrivals`, in order, into the row of the same
  /// section and row id (made at the end when new): a card whose id is
  /// already shown leaves its place (in any row) and comes first in its new
  /// row.
  ///
  /// - Complexity: O(cards arriving × `keep`).
  public mutating func upsert(_ arrivals: Catalog) {
    for section in arrivals.sections {
      for row in section.rows {
        for card in row.items.reversed() {
          upsert(card, into: RowKey(section: section.id, row: row.id), section: section, row: row)
        }
      }
    }
  }

  private mutating func upsert(_ card: Card, into key: RowKey, section: Section, row: Row) {
    if let old = cardRows[card.id], let place = rowPlaces[old] {
      catalog.sections[place.section].rows[place.row].items.removeAll { $0.id == card.id }
      touch(place)
    }
    let place = self.place(of: key, section: section, row: row)
    // Taken out, so that the row's buffer is copied only when a version
    // shown holds it, not for each card.
    var items = catalog.sections[place.section].rows[place.row].items
    catalog.sections[place.section].rows[place.row].items = []
    // The oldest go before the new card comes, so that a full row's
    // buffer takes it in place rather than growing into a new one.
    while items.count >= keep {
      let dropped = items.removeLast()
      if cardRows[dropped.id] == key { cardRows[dropped.id] = nil }
    }
    items.insert(card, at: 0)
    catalog.sections[place.section].rows[place.row].items = items
    cardRows[card.id] = key
    touch(place)
  }

  /// Gives the row at `place` a new revision: it changed.
  private mutating func touch(_ place: (section: Int, row: Int)) {
    lastRevision += 1
    revisions.bySection[place.section][place.row] = lastRevision
  }

  /// The place of the row `key`, made when it is new.
  private mutating func place(of key: RowKey, section: Section, row: Row) -> (
    section: Int, row: Int
  ) {
    if let found = rowPlaces[key] { return found }
    let sectionIndex: Int
    if let found = sectionPlaces[key.section] {
      sectionIndex = found
    } else {
      sectionIndex = catalog.sections.count
      sectionPlaces[key.section] = sectionIndex
      catalog.sections.append(Section(id: section.id, title: section.title, rows: []))
      revisions.bySection.append([])
    }
    let place = (sectionIndex, catalog.sections[sectionIndex].rows.count)
    catalog.sections[sectionIndex].rows.append(Row(id: row.id, title: row.title, items: []))
    lastRevision += 1
    revisions.bySection[sectionIndex].append(lastRevision)
    rowPlaces[key] = place
    return place
  }
}

/// A revision number for each row of a catalog, by section and row, that
/// changes whenever the row does (`UpsertingCatalog`): a row whose number is
/// the same in two versions is the same row.
public struct RowRevisions: Sendable, Equatable {
  /// Each section's rows' numbers.
  public var bySection: [[Int]] = []

  /// No rows.
  public init() {}

  /// The number of the row at `row` of section `section`; nil past the end.
  public func revision(section: Int, row: Int) -> Int? {
    guard bySection.indices.contains(section), bySection[section].indices.contains(row) else {
      return nil
    }
    return bySection[section][row]
  }
}
