import Foundation
import ShelfDiff

// Drives a model of UITableView (TableViewModel.swift, a link to the tests'
// model, which validates each batch as UIKit does) through random sectioned
// updates, as an app would: with `forUIKit()` every batch must be accepted
// and show the new sections; the same updates as plain deltas are rejected
// where they hold the shapes UIKit rejects. Exits 1 if either fails.

struct Book: Identifiable, Equatable {
  var id: Int
  var edition = 0
}

struct Shelf: DiffableSection {
  var id: Int
  var title = ""
  var items: [Book]
  func hasSameHeader(as other: Shelf) -> Bool { title == other.title }
}

extension TableViewModel {
  func perform(_ batch: SectionDelta, with animation: RowAnimation = .automatic) {
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

#if !canImport(UIKit)
  extension IndexPath {
    /// What ShelfDiff gives on Apple platforms.
    init(_ path: ItemPath) { self.init(indexes: [path.section, path.item]) }
  }
#endif

/// SplitMix64: the same updates on every machine.
struct Seeded: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The next version of `shelves`: sections deleted, inserted, moved and
/// retitled; items deleted, inserted, edited and moved, within their section
/// and between sections (into new ones and out of deleted ones too).
func edited(_ shelves: [Shelf], using rng: inout Seeded) -> [Shelf] {
  var books = shelves.flatMap(\.items).filter { _ in Int.random(in: 0..<8, using: &rng) > 0 }
  let present = Set(books.map(\.id))
  books += (0..<60).filter { !present.contains($0) && Int.random(in: 0..<6, using: &rng) == 0 }
    .map { Book(id: $0) }
  var ids = shelves.map(\.id).filter { _ in Int.random(in: 0..<6, using: &rng) > 0 }
  ids += (0..<10).filter { !ids.contains($0) && Int.random(in: 0..<5, using: &rng) == 0 }
  if Bool.random(using: &rng) { ids.shuffle(using: &rng) }
  guard !ids.isEmpty else { return [] }
  let titles = Dictionary(uniqueKeysWithValues: shelves.map { ($0.id, $0.title) })
  let home = Dictionary(
    uniqueKeysWithValues: shelves.flatMap { shelf in shelf.items.map { ($0.id, shelf.id) } })
  var next = ids.map { id in
    Shelf(
      id: id, title: (titles[id] ?? "") + (Int.random(in: 0..<6, using: &rng) == 0 ? "+" : ""),
      items: [])
  }
  for var book in books {
    if Int.random(in: 0..<6, using: &rng) == 0 { book.edition += 1 }
    if let id = home[book.id], let t = ids.firstIndex(of: id),
      Int.random(in: 0..<4, using: &rng) > 0
    {
      next[t].items.append(book)
    } else {
      next[Int.random(in: 0..<next.count, using: &rng)].items.append(book)
    }
  }
  for t in next.indices where next[t].items.count > 1 && Bool.random(using: &rng) {
    next[t].items.swapAt(
      Int.random(in: 0..<next[t].items.count, using: &rng),
      Int.random(in: 0..<next[t].items.count, using: &rng))
  }
  return next
}

let updates = 2_000
var rng = Seeded(state: 43)
var data: [Shelf] = []
let uikit = TableViewModel<Shelf> { data }
let plain = TableViewModel<Shelf> { data }
var wrongScreens = 0
for _ in 0..<updates {
  let new = edited(data, using: &rng)
  let delta = SectionDelta(from: data, to: new)
  uikit.performBatchUpdates {
    data = new
    uikit.perform(delta.forUIKit())
  }
  if !uikit.shows(new) { wrongScreens += 1 }
  plain.performBatchUpdates { plain.perform(delta) }
}

print(
  "forUIKit(): \(updates) random sectioned updates, \(uikit.rejections.count) rejected, "
    + "\(wrongScreens) showing other than the new sections; plain deltas: "
    + "\(plain.rejections.count) of \(updates) rejected")
if let first = uikit.rejections.first { print("first rejection: \(first)") }
guard uikit.rejections.isEmpty, wrongScreens == 0, !plain.rejections.isEmpty else { exit(1) }
