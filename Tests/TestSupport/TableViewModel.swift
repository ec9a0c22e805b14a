import Foundation
import ShelfDiff

/// A model of `UITableView`'s batch updates, for Linux: the methods an
/// adapter calls, with UIKit's names, and UIKit's validation of a batch. It
/// rejects what UIKit rejects (where UIKit raises an exception, the model
/// records the message in `rejections` and reloads), and applies an accepted
/// batch the way UIKit does: sections and rows deleted at their old
/// positions, inserted at their new ones, moved, the survivors filling the
/// other places in order; inserted and reloaded rows and sections read anew
/// from the data source, every other cell keeping what it showed.
///
/// It is independent of the delta engine: it never reads a `SectionDelta`.
/// Where UIKit's rules are unclear it is stricter (it rejects row changes in
/// a section being deleted, inserted or reloaded).
///
/// This file is also the model of `Scripts/client-example` (a link to it).
package final class TableViewModel<Section: DiffableSection> {
  /// UIKit's row animations; the model draws none.
  package enum RowAnimation { case automatic, fade, none }

  /// The data source, read after each batch as UIKit asks its data source.
  package var dataSource: () -> [Section]
  /// The sections shown, each with the header it was last loaded with (its
  /// items are not read: `rows` are what is shown).
  package private(set) var headers: [Section]
  /// The cells shown, each the item it was last loaded with.
  package private(set) var rows: [[Section.Item]]
  /// UIKit's message for each rejected batch, in order.
  package private(set) var rejections: [String] = []
  /// The number of batches performed, accepted or not.
  package private(set) var batchCount = 0

  private var batch: TableBatch?

  /// A table showing what `dataSource` gives.
  package init(dataSource: @escaping () -> [Section]) {
    self.dataSource = dataSource
    headers = []
    rows = []
    reloadData()
  }

  /// Whether the table shows `sections`: their ids, headers and items.
  package func shows(_ sections: [Section]) -> Bool {
    headers.map(\.id) == sections.map(\.id)
      && zip(headers, sections).allSatisfy { $0.hasSameHeader(as: $1) }
      && rows == sections.map(\.items)
  }

  /// Shows the data source's sections anew, without animation.
  package func reloadData() {
    let sections = dataSource()
    headers = sections
    rows = sections.map(\.items)
  }

  /// Runs `updates`, gathering the changes it names, then validates and
  /// applies them as one batch.
  package func performBatchUpdates(
    _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    let isOutermost = batch == nil
    if isOutermost { batch = TableBatch() }
    updates?()
    guard isOutermost, let gathered = batch else { return }
    batch = nil
    batchCount += 1
    do {
      try apply(gathered)
      completion?(true)
    } catch {
      rejections.append(error.message)
      reloadData()
      completion?(false)
    }
  }

  package func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    gather { $0.deletedSections += sections }
  }
  package func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    gather { $0.insertedSections += sections }
  }
  package func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    gather { $0.reloadedSections += sections }
  }
  package func moveSection(_ section: Int, toSection newSection: Int) {
    gather { $0.movedSections.append((section, newSection)) }
  }
  package func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    gather { $0.deletedRows += indexPaths.map(TableRow.init) }
  }
  package func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    gather { $0.insertedRows += indexPaths.map(TableRow.init) }
  }
  package func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    gather { $0.reloadedRows += indexPaths.map(TableRow.init) }
  }
  package func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    gather { $0.movedRows.append((TableRow(indexPath), TableRow(newIndexPath))) }
  }

  /// Adds to the open batch, or performs a batch of one change, as UIKit
  /// does for a change made outside `performBatchUpdates`.
  private func gather(_ change: (inout TableBatch) -> Void) {
    if batch == nil {
      withoutActuallyEscaping(change) { change in performBatchUpdates { self.gather(change) } }
    } else {
      change(&batch!)
    }
  }

  // MARK: - Validating and applying a batch

  private struct Rejection: Error {
    var message: String
  }

  private func apply(_ batch: TableBatch) throws(Rejection) {
    func reject(_ message: String) -> Rejection { Rejection(message: "Invalid update: " + message) }
    let new = dataSource()
    let oldCount = headers.count

    // Sections: deletions and reloads before the update, insertions after it.
    var oldUse = [String?](repeating: nil, count: oldCount)  // what names an old section
    func claimOld(_ s: Int, _ use: String) throws(Rejection) {
      guard s >= 0 && s < oldCount else {
        throw reject(
          "attempt to \(use) section \(s), but there are only \(oldCount) sections before the update"
        )
      }
      if let other = oldUse[s] {
        throw reject("attempt to \(other) and \(use) the same section (\(s))")
      }
      oldUse[s] = use
    }
    var newUse = [String?](repeating: nil, count: new.count)
    func claimNew(_ t: Int, _ use: String) throws(Rejection) {
      guard t >= 0 && t < new.count else {
        throw reject(
          "attempt to \(use) section \(t), but there are only \(new.count) sections after the update"
        )
      }
      if let other = newUse[t] {
        throw reject("attempt to \(other) and \(use) the same section (\(t))")
      }
      newUse[t] = use
    }
    for s in batch.deletedSections { try claimOld(s, "delete") }
    for s in batch.reloadedSections { try claimOld(s, "reload") }
    for move in batch.movedSections {
      try claimOld(move.from, "move")
      try claimNew(move.to, "move to")
    }
    for t in batch.insertedSections { try claimNew(t, "insert") }
    guard new.count == oldCount - batch.deletedSections.count + batch.insertedSections.count else {
      throw reject(
        "invalid number of sections. The number of sections after the update (\(new.count)) must be "
          + "equal to the number before it (\(oldCount)), plus or minus the number of sections "
          + "inserted or deleted (\(batch.insertedSections.count) inserted, "
          + "\(batch.deletedSections.count) deleted)")
    }
    // Where each new section comes from: a move, or the next survivor in order.
    var source = [Int](repeating: -1, count: new.count)
    for move in batch.movedSections { source[move.to] = move.from }
    var survivors = (0..<oldCount).filter { oldUse[$0] == nil || oldUse[$0] == "reload" }
      .makeIterator()
    for t in new.indices where newUse[t] == nil { source[t] = survivors.next()! }
    let reloaded = Set(batch.reloadedSections)
    // Sections read anew: inserted or reloaded; no row change may name them.
    let isFresh = new.indices.map { source[$0] < 0 || reloaded.contains(source[$0]) }

    // Rows: deletions, reloads and move sources before the update, in
    // sections that survive as they are; insertions and move targets after it.
    var oldRowUse: [TableRow: String] = [:]
    func claimOldRow(_ row: TableRow, _ use: String) throws(Rejection) {
      guard row.section >= 0 && row.section < oldCount else {
        throw reject(
          "attempt to \(use) row \(row) in a section that does not exist before the update")
      }
      guard row.row >= 0 && row.row < rows[row.section].count else {
        throw reject(
          "attempt to \(use) row \(row) from section \(row.section) which only contains "
            + "\(rows[row.section].count) rows before the update")
      }
      if let other = oldUse[row.section], other != "move" {
        throw reject("attempt to \(use) row \(row) in a section being asked to \(other)")
      }
      if let other = oldRowUse[row] {
        throw reject("attempt to \(other) and \(use) the same index path (\(row))")
      }
      oldRowUse[row] = use
    }
    var newRowUse: [TableRow: String] = [:]
    func claimNewRow(_ row: TableRow, _ use: String) throws(Rejection) {
      guard row.section >= 0 && row.section < new.count else {
        throw reject(
          "attempt to \(use) row \(row) in a section that does not exist after the update")
      }
      if isFresh[row.section] {
        throw reject("attempt to \(use) row \(row) in a section being inserted or reloaded")
      }
      if let other = newRowUse[row] {
        throw reject("attempt to \(other) and \(use) the same index path (\(row))")
      }
      newRowUse[row] = use
    }
    for row in batch.deletedRows { try claimOldRow(row, "delete") }
    for row in batch.reloadedRows { try claimOldRow(row, "reload") }
    for move in batch.movedRows {
      try claimOldRow(move.from, "move")
      try claimNewRow(move.to, "move to")
    }
    for row in batch.insertedRows { try claimNewRow(row, "insert") }

    // Each surviving section ends with its old count, less what left, plus what came.
    var leaving = [Int](repeating: 0, count: oldCount)
    for (row, use) in oldRowUse where use != "reload" { leaving[row.section] += 1 }
    var arriving = [Int](repeating: 0, count: new.count)
    for row in newRowUse.keys { arriving[row.section] += 1 }
    for t in new.indices where !isFresh[t] {
      let s = source[t]
      let expected = rows[s].count - leaving[s] + arriving[t]
      guard new[t].items.count == expected else {
        throw reject(
          "invalid number of rows in section \(t). The number of rows in an existing section after "
            + "the update (\(new[t].items.count)) must be equal to the number before it "
            + "(\(rows[s].count)), plus or minus the rows inserted, deleted and moved in or out "
            + "(\(arriving[t]) in, \(leaving[s]) out)")
      }
    }
    for row in newRowUse.keys where row.row >= new[row.section].items.count {
      throw reject(
        "attempt to insert or move to row \(row), past the end of its section after the update")
    }

    // Accepted: apply it.
    var movedIn: [TableRow: TableRow] = [:]
    for move in batch.movedRows { movedIn[move.to] = move.from }
    let reloadedRows = Set(batch.reloadedRows)
    var newHeaders: [Section] = []
    var newRows: [[Section.Item]] = []
    for t in new.indices {
      guard !isFresh[t] else {
        newHeaders.append(new[t])
        newRows.append(new[t].items)
        continue
      }
      let s = source[t]
      newHeaders.append(headers[s])
      var kept = rows[s].indices.filter {
        oldRowUse[TableRow(section: s, row: $0)] ?? "reload" == "reload"
      }
      .makeIterator()
      newRows.append(
        new[t].items.indices.map { j in
          let here = TableRow(section: t, row: j)
          if let from = movedIn[here] { return rows[from.section][from.row] }
          if newRowUse[here] != nil { return new[t].items[j] }  // inserted
          let i = kept.next()!
          return reloadedRows.contains(TableRow(section: s, row: i)) ? new[t].items[j] : rows[s][i]
        })
    }
    headers = newHeaders
    rows = newRows
  }
}

// MARK: - A batch, as the model gathers it

/// A table's index path: a section and a row.
private struct TableRow: Hashable, CustomStringConvertible {
  var section: Int
  var row: Int
  init(section: Int, row: Int) { (self.section, self.row) = (section, row) }
  init(_ indexPath: IndexPath) {
    precondition(indexPath.count == 2, "a table's index path is a section and a row")
    (section, row) = (indexPath[0], indexPath[1])
  }
  var description: String { "[\(section), \(row)]" }
}

private struct TableBatch {
  var deletedSections: [Int] = []
  var insertedSections: [Int] = []
  var reloadedSections: [Int] = []
  var movedSections: [(from: Int, to: Int)] = []
  var deletedRows: [TableRow] = []
  var insertedRows: [TableRow] = []
  var reloadedRows: [TableRow] = []
  var movedRows: [(from: TableRow, to: TableRow)] = []
}
