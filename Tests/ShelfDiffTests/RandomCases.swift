import PropertyBased
import ShelfDiff
import TestSupport

// The random cases of the engine's property tests, built from PropertyBased's
// generators: a case is built from a list of random draws (`Gen.draws`), so
// a failing one shrinks to a case of few, small choices, and the failure
// reports that case, not a seed.

/// Two versions of a list, or of sections, a random case: printed as the
/// property check reports a failing one.
struct Versions<Element>: CustomStringConvertible {
  var old: [Element]
  var new: [Element]

  init(_ versions: (old: [Element], new: [Element])) { (old, new) = versions }

  var description: String { "old \(old) new \(new)" }
}

extension Versions: Sendable where Element: Sendable {}

/// Pairs of book arrays of every shape (`randomBooks`), or of one.
func bookVersions(_ shape: BooksShape? = nil) -> Generator<Versions<DiffBook>, DrawsShrink> {
  Gen.draws(256).map { draws in
    var draws = draws
    return Versions(randomBooks(shape, using: &draws))
  }
}

/// Pairs of section arrays of every shape (`randomShelves`).
let shelfVersions = Gen.draws(768).map { draws in
  var draws = draws
  return Versions(randomShelves(using: &draws))
}

/// How a random pair of book arrays is shaped.
enum BooksShape: CaseIterable {
  case emptyOld, emptyNew, allNew, reversed, allMoved, duplicates, churn
}

/// A random pair of book arrays of the given shape, or of a random one.
func randomBooks(
  _ chosen: BooksShape? = nil, using rng: inout some RandomNumberGenerator
) -> (old: [DiffBook], new: [DiffBook]) {
  let shape = chosen ?? BooksShape.allCases.randomElement(using: &rng)!
  let count = Int.random(in: 0..<40, using: &rng)
  let old = (0..<count).map { DiffBook(id: $0) }.shuffled(using: &rng)
  func edited(_ books: [DiffBook]) -> [DiffBook] {
    books.map { book in
      var book = book
      if Int.random(in: 0..<5, using: &rng) == 0 { book.edition += 1 }
      return book
    }
  }
  switch shape {
  case .emptyOld: return ([], edited(old))
  case .emptyNew: return (old, [])
  case .allNew: return (old, (100..<100 + count).map { DiffBook(id: $0) })
  case .reversed: return (old, edited(old.reversed()))
  case .allMoved: return (old, edited(old.shuffled(using: &rng)))  // most likely
  case .duplicates:
    let ids = (0..<count).map { _ in Int.random(in: 0..<8, using: &rng) }
    return (
      ids.map { DiffBook(id: $0) },
      edited(
        ids.filter { _ in Bool.random(using: &rng) }.map { DiffBook(id: $0) } + [DiffBook(id: 3)]
      )
      .shuffled(using: &rng)
    )
  case .churn:  // some kept in order, some deleted, inserted, moved
    var new = old.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
    for k in 0..<Int.random(in: 0..<6, using: &rng) {
      new.insert(DiffBook(id: 200 + k), at: Int.random(in: 0...new.count, using: &rng))
    }
    for _ in 0..<Int.random(in: 0..<4, using: &rng) where !new.isEmpty {
      let book = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
      new.insert(book, at: Int.random(in: 0...new.count, using: &rng))
    }
    return (old, edited(new))
  }
}

/// How a random pair of section arrays is shaped.
enum ShelvesShape: CaseIterable {
  case churn, allNew, allMoved, emptyOld, emptyNew, duplicates
}

/// A random pair of section arrays of a random shape.
func randomShelves(using rng: inout some RandomNumberGenerator) -> (
  old: [DiffShelf], new: [DiffShelf]
) {
  let shape = ShelvesShape.allCases.randomElement(using: &rng)!
  let sectionIDs = Array(0..<8)
  let itemIDs = Array(0..<40)
  func sections(_ ids: [Int], items: [DiffBook]) -> [DiffShelf] {
    var shelves = ids.map { DiffShelf(id: $0, items: []) }
    for book in items where !shelves.isEmpty {
      shelves[Int.random(in: 0..<shelves.count, using: &rng)].items.append(book)
    }
    return shelves
  }
  let oldSectionIDs = sectionIDs.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
    .shuffled(using: &rng)
  var old = sections(
    oldSectionIDs,
    items: shape == .duplicates
      ? (0..<30).map { _ in DiffBook(id: Int.random(in: 0..<12, using: &rng)) }
      : itemIDs.filter { _ in Bool.random(using: &rng) }.map { DiffBook(id: $0) })
  if shape == .emptyOld { old = [] }

  var new: [DiffShelf]
  switch shape {
  case .allNew:
    new = sections([10, 11, 12], items: (100..<130).map { DiffBook(id: $0) })
  case .allMoved:
    new = old.reversed().map { DiffShelf(id: $0.id, items: $0.items.reversed()) }
  case .emptyNew:
    new = []
  case .churn, .emptyOld, .duplicates:
    var newIDs = oldSectionIDs.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
    newIDs += sectionIDs.filter { !oldSectionIDs.contains($0) && Bool.random(using: &rng) }
    newIDs.shuffle(using: &rng)
    new = newIDs.map { DiffShelf(id: $0, items: []) }
    var survivors = old.flatMap(\.items).filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
    survivors += itemIDs.filter { _ in Int.random(in: 0..<6, using: &rng) == 0 }.map {
      DiffBook(id: $0 + 200)
    }
    if shape == .duplicates { survivors.append(DiffBook(id: Int.random(in: 0..<12, using: &rng))) }
    // Most items stay in their section, in order; some go elsewhere.
    let home = Dictionary(
      old.enumerated().flatMap { s, shelf in shelf.items.map { ($0.id, shelf.id) } },
      uniquingKeysWith: { first, _ in first })
    for var book in survivors where !new.isEmpty {
      if Int.random(in: 0..<7, using: &rng) == 0 { book.edition += 1 }
      if let section = home[book.id], let t = new.firstIndex(where: { $0.id == section }),
        Int.random(in: 0..<4, using: &rng) > 0
      {
        new[t].items.append(book)
      } else {
        new[Int.random(in: 0..<new.count, using: &rng)].items.append(book)
      }
    }
    for t in new.indices where new[t].items.count > 1 && Bool.random(using: &rng) {
      let a = Int.random(in: 0..<new[t].items.count, using: &rng)
      let b = Int.random(in: 0..<new[t].items.count, using: &rng)
      new[t].items.swapAt(a, b)
    }
    for t in new.indices where Int.random(in: 0..<5, using: &rng) == 0 { new[t].title = "changed" }
  }
  return (old, new)
}
