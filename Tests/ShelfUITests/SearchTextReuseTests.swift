import Dispatch
import PropertyBased
import TestSupport
import Testing

@testable import ShelfUI

/// Pieces of card text: ASCII of both cases, text folded beyond ASCII, a
/// separator.
private let pieces = ["a", "B", "c", "é", "Ō", "ａ", "1", " ", "-", "書"]

/// Every field card by card as `folds` reads them (bytes, and whether it is
/// the title or the year), with each card's mask.
private func readText(_ folds: RowFolds, count: Int) -> [[String]] {
  folds.withText { text, masks in
    (0..<count).map { index in
      var fields = ["mask \(masks[index])"]
      _ = text.fields(ofCard: index) { bytes, _, kind in
        fields.append("\(kind): \(Array(bytes))")
        return false
      }
      return fields
    }
  }
}

/// A row's search text made after its earlier text (the cards that did not
/// change copied from it, the others read) is the text made afresh, however
/// the cards changed: deleted, inserted, moved, edited, or made again equal
/// in a box of their own.
@Test func searchTextMadeAfterAnEarlierRowsIsTheTextMadeAfresh() async {
  await propertyCheck(count: 200, input: Gen.draws(2048)) { draws in
    var rng = draws
    func text(_ count: ClosedRange<Int>) -> String {
      (0..<Int.random(in: count, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
        .joined()
    }
    func card(_ number: Int) -> CardFace {
      CardFace(
        id: "c\(number)", title: text(0...6), subtitle: text(0...3),
        year: Bool.random(using: &rng) ? Int.random(in: -5...2030, using: &rng) : nil,
        tags: Bool.random(using: &rng) ? [text(0...3)] : [],
        fields: Bool.random(using: &rng) ? [.init(name: "note", value: text(0...3))] : [])
    }
    let earlier = (0..<Int.random(in: 0...12, using: &rng)).map { card($0) }
    var cards = earlier
    for step in 0..<Int.random(in: 0...6, using: &rng) {
      let place = Int.random(in: 0...cards.count, using: &rng)
      switch Int.random(in: 0...5, using: &rng) {
      case 0 where place < cards.count: cards.remove(at: place)
      case 1: cards.insert(card(100 + step), at: place)
      case 2 where place < cards.count: cards[place].title += text(1...2)
      case 3 where place < cards.count: cards[place].year = (cards[place].year ?? 0) + 1
      case 4 where place < cards.count:
        let old = cards[place]  // equal, in a box of its own
        cards[place] = CardFace(
          id: old.id, title: old.title, subtitle: old.subtitle, year: old.year, tags: old.tags,
          fields: old.fields)
      case 5 where place < cards.count:
        let moved = cards.remove(at: place)
        cards.insert(moved, at: Int.random(in: 0...cards.count, using: &rng))
      default: break
      }
    }
    let earlierFolds = RowFolds(count: earlier.count)
    earlierFolds.prepare(earlier)
    let after = RowFolds(count: cards.count, earlierCards: earlier, earlier: earlierFolds)
    after.prepare(cards)
    let afresh = RowFolds(count: cards.count)
    afresh.prepare(cards)
    #expect(readText(after, count: cards.count) == readText(afresh, count: cards.count))
  }
}

/// The chain's rows of new content keep the search text of each row whose
/// cards are the earlier content's as they were; a changed row gets new
/// folds (that copy from the earlier ones), and a row that changes again
/// before its folds are made still gets its own text.
@Test func newContentKeepsTheSearchTextOfTheRowsThatDidNotChange() {
  let cards = (0..<4).map { CardFace(id: "c\($0)", title: "Card \($0)") }
  let content = ShelfContent(
    title: "t",
    rows: [
      CarouselRow(id: "a", title: "A", cards: cards),
      CarouselRow(id: "b", title: "B", cards: cards),
    ])
  let rows = content.chainRows
  for row in rows { row.folds.prepare(row.items) }
  var changed = content
  changed.rows[1].cards[2].title = "Changed"
  changed.rows.append(CarouselRow(id: "c", title: "C", cards: cards))
  let next = changed.chainRows(after: rows)
  #expect(next[0].folds === rows[0].folds)
  #expect(next[1].folds !== rows[1].folds && !next[1].folds.isMade)
  #expect(!next[2].folds.isMade)
  changed.rows[1].cards[3].title = "Changed too"
  let again = changed.chainRows(after: next)
  again[1].folds.prepare(again[1].items)
  let afresh = RowFolds(count: 4)
  afresh.prepare(again[1].items)
  #expect(readText(again[1].folds, count: 4) == readText(afresh, count: 4))
}

/// Threads that make the same rows' search text at once (the worker's job
/// and a filter pass) make each row's once, as made afresh by one.
@Test func rowsMadeByThreadsAtOnceHoldTheTextMadeByOne() {
  let earlier = (0..<64).map { (index: Int) in
    CardFace(id: "c\(index)", title: "Card \(index) é", year: index)
  }
  var changed = earlier
  changed[5].title = "Changed"
  changed.remove(at: 9)
  let cards = changed
  let earlierFolds = RowFolds(count: earlier.count)
  earlierFolds.prepare(earlier)
  let rows = (0..<16).map { _ in
    RowFolds(count: cards.count, earlierCards: earlier, earlier: earlierFolds)
  }
  DispatchQueue.concurrentPerform(iterations: 4) { thread in
    for index in rows.indices { rows[(index + thread * 4) % rows.count].prepare(cards) }
  }
  let afresh = RowFolds(count: cards.count)
  afresh.prepare(cards)
  for folds in rows {
    #expect(readText(folds, count: cards.count) == readText(afresh, count: cards.count))
  }
}

/// In background mode the worker makes the rows' search text a moment
/// after content arrives, with no filter prompt open, and again after new
/// content.
@MainActor
@Test func theWorkerMakesTheSearchTextSoonAfterContentArrives() async {
  let content = ShelfContent(
    title: "t",
    rows: (0..<3).map { row in
      CarouselRow(
        id: "r\(row)", title: "Row \(row)",
        cards: (0..<50).map { CardFace(id: "c\($0)", title: "Card \(row) \($0)") })
    })
  let worker = ContentWorker(content: content, mode: .background) { _ in }
  #expect(await eventually { worker.isSearchTextReady })
  var changed = content
  changed.rows[2].cards[7].title = "Changed"
  worker.request(content: changed, isSilent: true)
  #expect(await eventually { worker.isSearchTextReady && worker.isIdle })
}
