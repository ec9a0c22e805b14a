import ShelfChain
import ShelfDiff

/// One row as the content chain sees it: a chain section whose items are the
/// row's cards, carrying the table section it belongs to.
///
/// The `/` filter keeps cards and drops rows left without any, so the chain
/// works a level below the table: its sections are rows. `RowGrouping` puts
/// consecutive rows of the same table section back together for the table.
struct ChainRow: ChainableSection, Sendable {
  /// The row's id (escaped, see `ReservedID`).
  var id: String
  /// The id of the table section the row belongs to (escaped).
  var sectionID: String
  /// Which of several table sections sharing `sectionID` (0 when ids are unique).
  var sectionOccurrence: Int
  /// The table section's heading.
  var sectionTitle: String?
  /// The row's own title.
  var title: String
  /// The row's cards; a row with none holds `ReservedID.emptyRowCard`, so
  /// that it survives an empty query.
  var items: [CardFace]
  /// Whether the row stands for a table section with no rows: it keeps the
  /// section's header in the chain and becomes no row of the table.
  var isSectionHolder = false
  /// The cards' text folded for the `/` filter, made with the row (see
  /// `RowFolds`); rows the chain's links make from it keep it, unread.
  var folds = RowFolds.none

  func hasSameHeader(as other: ChainRow) -> Bool {
    title == other.title && sectionID == other.sectionID
      && sectionOccurrence == other.sectionOccurrence && sectionTitle == other.sectionTitle
      && isSectionHolder == other.isSectionHolder
  }

  /// The table row it shows, without the stand-in card of an empty row.
  var carouselRow: CarouselRow {
    CarouselRow(
      id: id, title: title, cards: items.first?.id == ReservedID.emptyRowCard ? [] : items)
  }
}

/// Ids the content chain gives what it adds (the recently viewed row, the
/// stand-ins of empty rows and sections, the no-matches placeholder), and the
/// escape that keeps real ids from ever equalling them.
///
/// Every reserved id starts with U+0000 followed by a letter; a real id that
/// starts with U+0000 gets `"\u{0}="` in front, so it can equal no reserved
/// id, and no other real id (one that did not start with U+0000 keeps its text).
enum ReservedID {
  /// The recently viewed row and its table section.
  static let recentlyViewed = "\u{0}recently-viewed"
  /// The "Best matches" row and its table section.
  static let bestMatches = "\u{0}best-matches"
  /// The no-matches placeholder row.
  static let noMatches = "\u{0}no-matches"
  /// The card an empty row holds in the chain.
  static let emptyRowCard = "\u{0}empty-row"

  /// `id` where it cannot equal a reserved id.
  ///
  /// - Complexity: O(1).
  static func escaped(_ id: String) -> String {
    id.utf8.first == 0 ? "\u{0}=" + id : id
  }

  /// The row that stands for the section `id` (escaped) with no rows.
  static func sectionHolder(_ id: String, occurrence: Int) -> String {
    "\u{0}section \(occurrence) \(id)"
  }
}

extension ShelfContent {
  /// The rows of the content as the chain's sections, in order, each with
  /// the folds its cards' text will take for the filter (`RowFolds`).
  ///
  /// - Complexity: O(sections + rows).
  var chainRows: [ChainRow] {
    var rows: [ChainRow] = []
    var occurrences: [String: Int] = [:]
    for section in sections {
      let sectionID = ReservedID.escaped(section.id)
      let occurrence = occurrences[sectionID, default: 0]
      occurrences[sectionID] = occurrence + 1
      guard !section.rows.isEmpty else {
        rows.append(
          ChainRow(
            id: ReservedID.sectionHolder(sectionID, occurrence: occurrence), sectionID: sectionID,
            sectionOccurrence: occurrence, sectionTitle: section.title, title: "",
            items: [CardFace(id: ReservedID.emptyRowCard, title: "")], isSectionHolder: true))
        continue
      }
      for row in section.rows {
        rows.append(
          ChainRow(
            id: ReservedID.escaped(row.id), sectionID: sectionID, sectionOccurrence: occurrence,
            sectionTitle: section.title, title: row.title,
            items: row.cards.isEmpty
              ? [CardFace(id: ReservedID.emptyRowCard, title: "")] : row.cards,
            folds: RowFolds(count: max(1, row.cards.count))))
      }
    }
    return rows
  }
}
