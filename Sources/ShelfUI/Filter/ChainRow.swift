import Dispatch
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

extension ChainRow {
  /// Makes the folds of `rows` (`RowFolds`) that are not made yet, on every core.
  ///
  /// - Complexity: O(the text of the cards of the rows not made yet).
  static func prepareSearch(_ rows: [ChainRow]) {
    let runs = min(rows.count, 32)
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      let range = (rows.count * run / runs)..<(rows.count * (run + 1) / runs)
      for row in rows[range] where row.folds.count == row.items.count {
        row.folds.prepare(row.items)
      }
    }
  }
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

  /// The rows of the content as the chain's sections, each keeping the folds
  /// of the row of `earlier` with its id (the rows of the content before)
  /// when it holds the same cards, as one array (the converter passes an
  /// unchanged row on as it was); a row whose cards changed takes new folds
  /// that copy the text of its unchanged cards from those (`RowFolds`).
  ///
  /// - Complexity: O(rows); no card is read.
  func chainRows(after earlier: [ChainRow]) -> [ChainRow] {
    guard !earlier.isEmpty else { return chainRows }
    var byID: [String: ChainRow] = [:]
    byID.reserveCapacity(earlier.count)
    for row in earlier where byID[row.id] == nil { byID[row.id] = row }
    return rows.map { row in
      guard let old = byID[row.id] else {
        return ChainRow(row: row, folds: RowFolds(count: row.cards.count))
      }
      if Self.isSameArray(row.cards, old.row.cards) && old.folds.count == row.cards.count {
        return ChainRow(row: row, folds: old.folds)
      }
      return ChainRow(
        row: row,
        folds: RowFolds(count: row.cards.count, earlierCards: old.row.cards, earlier: old.folds))
    }
  }

  /// Whether `a` and `b` are one array's storage (then they hold the same
  /// cards, whatever the cards' equality says).
  private static func isSameArray(_ a: [CardFace], _ b: [CardFace]) -> Bool {
    a.count == b.count
      && a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
      }
  }
}
