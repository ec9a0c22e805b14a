import ShelfChain
import ShelfDiff

/// One row as the content chain carries it: the table's row, one to one
/// (a chain section whose items are its cards), with its cards' text folded
/// for the `/` filter (`RowFolds`). A delta of the chain's rows is therefore
/// the table's delta as it is.
struct ChainRow: ChainableSection, Sendable {
  /// The table's row.
  var row: CarouselRow
  /// The cards' text folded for the `/` filter, made with the row (see
  /// `RowFolds`); rows the chain's links make from it keep it, unread.
  var folds = RowFolds.none

  var id: String { row.id }

  var items: [CardFace] {
    get { row.cards }
    set { row.cards = newValue }
  }

  func hasSameHeader(as other: ChainRow) -> Bool { row.hasSameHeader(as: other.row) }
}

/// Ids of the rows the content chain adds (the recently viewed row, the
/// "Best matches" row): each starts with U+0000, which no catalog's id does
/// in practice.
enum ReservedID {
  /// The recently viewed row and its section.
  static let recentlyViewed = "\u{0}recently-viewed"
  /// The "Best matches" row and its section.
  static let bestMatches = "\u{0}best-matches"
}

extension ShelfContent {
  /// The rows of the content as the chain's sections, in order, each with
  /// the folds its cards' text will take for the filter (`RowFolds`).
  ///
  /// - Complexity: O(rows).
  var chainRows: [ChainRow] {
    rows.map { ChainRow(row: $0, folds: RowFolds(count: $0.cards.count)) }
  }
}
