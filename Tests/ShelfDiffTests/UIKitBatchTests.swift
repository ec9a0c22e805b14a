import Foundation
import PropertyBased
import ShelfDiff
import Synchronization
import TestSupport
import Testing

// The code of ShelfDiff.docc/DrivingAUITableView.md, compiled on Linux
// against a model of UITableView that validates each batch as UIKit does.

typealias UITableView = TableViewModel<DiffShelf>

#if !canImport(UIKit)
  extension IndexPath {
    /// What ShelfDiff gives on Apple platforms.
    init(_ path: ItemPath) { self.init(indexes: [path.section, path.item]) }
  }
#endif

extension UITableView {
  func perform(_ batch: SectionDelta, with animation: UITableView.RowAnimation = .automatic) {
    deleteSections(IndexSet(batch.sections.deletions), with: animation)
    insertSections(IndexSet(batch.sections.insertions), with: animation)
    reloadSections(IndexSet(batch.sections.reloads.map(\.from)), with: animation)
    for move in batch.sections.moves { moveSection(move.from, toSection: move.to) }
    deleteRows(at: batch.items.deletions.map(IndexPath.init), with: animation)
    insertRows(at: batch.items.insertions.map(IndexPath.init), with: animation)
    reloadRows(at: batch.items.reloads.map { IndexPath($0.from) }, with: animation)
    for move in batch.items.moves { moveRow(at: IndexPath(move.from), to: IndexPath(move.to)) }
  }
}

final class ShelvesTable: SectionDeltaUpdatableView {
  let tableView: UITableView

  init(tableView: UITableView) { self.tableView = tableView }

  func performBatchUpdates(
    _ delta: SectionDelta, updateData: @escaping () -> Void,
    completion: @escaping () -> Void
  ) {
    tableView.performBatchUpdates(
      {
        updateData()
        self.tableView.perform(delta.forUIKit())
      }, completion: { _ in completion() })
  }

  func reloadData() { tableView.reloadData() }
}

@Test func drivingAUITableViewArticlesCodeIsThisTestsCode() {
  expectArticleCodeIsCompiled(article: "Sources/ShelfDiff/ShelfDiff.docc/DrivingAUITableView.md")
}

/// The article's view, driven by a live holder (its queue and the main
/// one): the model accepts the batch and shows the new sections.
@MainActor @Suite(.timeLimit(.minutes(3))) struct DrivingAUITableViewConcurrencyTests {
  @Test func theArticlesViewShowsAHoldersUpdate() async {
    let old = [
      DiffShelf(id: 0, title: "A", items: [DiffBook(id: 1), DiffBook(id: 2)]),
      DiffShelf(id: 1, items: [DiffBook(id: 3)]),
    ]
    // Book 3 leaves a deleted section; book 1 moves into an inserted one; book
    // 2 is edited and moved; section 0's title changes.
    let new = [
      DiffShelf(id: 2, items: [DiffBook(id: 1)]),
      DiffShelf(id: 0, title: "B", items: [DiffBook(id: 4), DiffBook(id: 2, edition: 1)]),
      DiffShelf(id: 3, items: [DiffBook(id: 3)]),
    ]
    let holder = CollectionSectionData(old)
    let table = UITableView { holder.sections }
    let view = ShelvesTable(tableView: table)
    holder.view = view
    await holder.updateAndWait(new)
    #expect(table.rejections.isEmpty)
    #expect(table.batchCount == 1)
    #expect(table.shows(new))
  }
}

// MARK: - The model of UIKit's rules, over random cases

/// Drives a model table from `old` to `new` with `batch`, as the article's
/// view does: the table's rejection, or nil, and whether it shows `new`.
private func perform(_ batch: SectionDelta, from old: [DiffShelf], to new: [DiffShelf]) -> (
  rejection: String?, showsNew: Bool
) {
  var data = old
  let table = UITableView { data }
  table.performBatchUpdates {
    data = new
    table.perform(batch)
  }
  return (table.rejections.first, table.rejections.isEmpty && table.shows(new))
}

/// Whether a plain delta has a shape UIKit rejects: an item moved into an
/// inserted section or out of a deleted one, an item or section both moved
/// and reloaded, or an item change in a reloaded section.
private func needsUIKitForm(_ delta: SectionDelta) -> Bool {
  let deleted = Set(delta.sections.deletions)
  let inserted = Set(delta.sections.insertions)
  let reloadedOld = Set(delta.sections.reloads.map(\.from))
  let reloadedNew = Set(delta.sections.reloads.map(\.to))
  let movedItems = Set(delta.items.moves.map(\.from))
  let items = delta.items
  return items.moves.contains { deleted.contains($0.from.section) }
    || items.moves.contains { inserted.contains($0.to.section) }
    || items.reloads.contains { movedItems.contains($0.from) }
    || delta.sections.moves.contains { reloadedOld.contains($0.from) }
    || (items.deletions + items.moves.map(\.from) + items.reloads.map(\.from)).contains {
      reloadedOld.contains($0.section)
    }
    || (items.insertions + items.moves.map(\.to)).contains { reloadedNew.contains($0.section) }
}

// The random cases, `editedShelfVersions`: `randomShelves` (items moved
// into inserted and out of deleted sections, changed headers) with some
// items edited, so that some are both moved and reloaded.

@Test func everyUIKitFormBatchIsAcceptedAndShowsTheNewSections() async {
  await propertyCheck(count: 400, input: editedShelfVersions) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = SectionDelta(from: old, to: new)
    let batch = delta.forUIKit()
    let result = perform(batch, from: old, to: new)
    #expect(result.rejection == nil, "\(delta) in UIKit's form \(batch)")
    #expect(result.showsNew)
    // Every reader of a delta reads it: it replays as any delta does.
    guard batch.replays(old, into: new) else {
      Issue.record("\(delta) in UIKit's form \(batch) does not replay")
      return
    }
  }
}

@Test func plainDeltasOfTheShapesUIKitRejectsAreRejected() async {
  let counts = Mutex((rejected: 0, accepted: 0))
  await propertyCheck(count: 400, input: editedShelfVersions) { versions in
    let (old, new) = (versions.old, versions.new)
    let delta = SectionDelta(from: old, to: new)
    let result = perform(delta, from: old, to: new)
    let needsForm = needsUIKitForm(delta)
    #expect((result.rejection != nil) == needsForm, "\(result.rejection ?? "accepted")")
    if !needsForm {
      #expect(result.showsNew)
      #expect(delta.forUIKit() == delta.separatingMovedReloads())
    }
    counts.withLock {
      if needsForm { $0.rejected += 1 } else { $0.accepted += 1 }
    }
  }
  // Not vacuous: the random cases hold both kinds, in numbers.
  let (rejected, accepted) = counts.withLock { $0 }
  #expect(rejected > 100 && accepted > 100, "\(rejected) rejected, \(accepted) accepted")
}

/// Each rule of the model, on a small case it rejects and its UIKit form.
@Test(arguments: [
  // An item moved into an inserted section.
  (
    [DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)])],
    [DiffShelf(id: 0, items: [DiffBook(id: 2)]), DiffShelf(id: 1, items: [DiffBook(id: 1)])],
    "in a section being inserted or reloaded"
  ),
  // An item moved out of a deleted section.
  (
    [DiffShelf(id: 0, items: [DiffBook(id: 1)]), DiffShelf(id: 1, items: [DiffBook(id: 2)])],
    [DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)])],
    "in a section being asked to delete"
  ),
  // An item moved and reloaded.
  (
    [DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2), DiffBook(id: 3)])],
    [DiffShelf(id: 0, items: [DiffBook(id: 3, edition: 1), DiffBook(id: 1), DiffBook(id: 2)])],
    "attempt to reload and move the same index path"
  ),
  // A section whose title changed, and an item inserted into it.
  (
    [DiffShelf(id: 0, items: [DiffBook(id: 1)])],
    [DiffShelf(id: 0, title: "new", items: [DiffBook(id: 1), DiffBook(id: 2)])],
    "in a section being inserted or reloaded"
  ),
  // A section moved and reloaded.
  (
    [DiffShelf(id: 0, items: []), DiffShelf(id: 1, items: [])],
    [DiffShelf(id: 1, items: []), DiffShelf(id: 0, title: "new", items: [])],
    "attempt to reload and move the same section"
  ),
])
func aPlainDeltaUIKitRejectsIsAcceptedInItsUIKitForm(
  old: [DiffShelf], new: [DiffShelf], message: String
) {
  let delta = SectionDelta(from: old, to: new)
  let plain = perform(delta, from: old, to: new)
  #expect(plain.rejection?.contains(message) == true, "\(plain.rejection ?? "accepted")")
  let uikit = perform(delta.forUIKit(), from: old, to: new)
  #expect(uikit.rejection == nil && uikit.showsNew)
}

/// The model rejects the other shapes UIKit rejects: an index path named
/// twice, one out of range, and a section whose row count does not add up.
@Test func theModelRejectsRepeatedAndOutOfRangePathsAndWrongCounts() {
  let old = [DiffShelf(id: 0, items: [DiffBook(id: 1), DiffBook(id: 2)])]
  let twice = SectionDelta(
    items: .init(deletions: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)]))
  let twiceNew = [DiffShelf(id: 0, items: [])]
  #expect(
    perform(twice, from: old, to: twiceNew).rejection?.contains("delete and delete the same")
      == true)
  let outOfRange = SectionDelta(items: .init(deletions: [ItemPath(section: 0, item: 2)]))
  let shorter = [DiffShelf(id: 0, items: [DiffBook(id: 1)])]
  #expect(
    perform(outOfRange, from: old, to: shorter).rejection?.contains("which only contains 2 rows")
      == true)
  #expect(
    perform(SectionDelta(), from: old, to: shorter).rejection?.contains(
      "invalid number of rows in section 0") == true)
  #expect(
    perform(SectionDelta(), from: old, to: []).rejection?.contains("invalid number of sections")
      == true)
}
