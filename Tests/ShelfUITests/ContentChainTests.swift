import ShelfDiff
import Synchronization
import TestSupport
import Testing

@testable import ShelfUI

/// Short words from few letters, so that random queries match some cards:
/// accented (composed and not) and wide ones, spaces between words, and the
/// marks of a whole word (`'`) and of anchors (`^`, `$`).
private let letters = ["a", "b", "c", "A", "1", "é", "E\u{301}", "ａ", " ", "'", "^", "$"]

/// Random content (see `randomContent(_:card:)`) whose cards have short
/// words for title, subtitle and tags, and sometimes a year.
private func randomContent(_ rng: inout SeededGenerator) -> ShelfContent {
  func word(_ rng: inout SeededGenerator) -> String {
    (0..<Int.random(in: 1...3, using: &rng)).map { _ in letters.randomElement(using: &rng)! }
      .joined()
  }
  return randomContent(&rng) { number, rng in
    CardFace(
      id: "c\(number)", title: word(&rng), subtitle: Bool.random(using: &rng) ? word(&rng) : "",
      year: Int.random(in: 0..<4, using: &rng) == 0 ? 1990 + number : nil,
      tags: Bool.random(using: &rng) ? [word(&rng)] : [])
  }
}

/// `content` with a few cards edited: a title or a tag changed to another
/// short word, a card removed, a card added.
private func edited(_ content: ShelfContent, _ rng: inout SeededGenerator) -> ShelfContent {
  var content = content
  for _ in 0..<Int.random(in: 1...3, using: &rng) {
    let rows = content.sections.indices.flatMap { s in
      content.sections[s].rows.indices.map { (s, $0) }
    }
    guard let (s, r) = rows.randomElement(using: &rng) else { return content }
    var cards = content.sections[s].rows[r].cards
    let word = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
      letters.randomElement(using: &rng)!
    }.joined()
    switch Int.random(in: 0..<4, using: &rng) {
    case 0 where !cards.isEmpty:
      cards[Int.random(in: cards.indices, using: &rng)].title = word
    case 1 where !cards.isEmpty:
      cards[Int.random(in: cards.indices, using: &rng)].tags = [word]
    case 2 where !cards.isEmpty:
      cards.remove(at: Int.random(in: cards.indices, using: &rng))
    default:
      let id = "n\(Int.random(in: 0..<1_000_000, using: &rng))"
      guard !cards.contains(where: { $0.id == id }) else { continue }
      cards.insert(
        CardFace(id: id, title: word, subtitle: "", tags: []),
        at: Int.random(in: 0...cards.count, using: &rng))
    }
    content.sections[s].rows[r].cards = cards
  }
  return content
}

/// What the table should show: `ShelfFilter.searched` of the content
/// with the recently viewed row (its cards looked up in the content) on top.
private func expected(
  _ content: ShelfContent, query: String, recent: [RecentlyViewed.Entry]
) -> [ShelfSection] {
  let cards: [CardFace] = recent.compactMap { entry in
    let row = content.sections.lazy.flatMap(\.rows).first { $0.id == entry.rowID }
    guard var card = row?.cards.first(where: { $0.id == entry.cardID }) else { return nil }
    card.id = entry.recentCardID
    return card
  }
  var all = content
  if !cards.isEmpty {
    all.sections.insert(
      ShelfSection(
        id: ReservedID.recentlyViewed, title: nil,
        rows: [
          CarouselRow(id: ReservedID.recentlyViewed, title: RecentlyViewed.title, cards: cards)
        ]),
      at: 0)
  }
  return ShelfFilter.searched(all, by: query).sections
}

/// Whether `delta`, a change of rows of cards, replays `old` into `new`,
/// ids and contents alike.
private func replays(_ delta: SectionDelta, _ old: [CarouselRow], _ new: [CarouselRow]) -> Bool {
  guard delta.isValid(oldItemCounts: old.map(\.cards.count), newItemCounts: new.map(\.cards.count))
  else { return false }
  let (rows, cards) = delta.applied(to: old, with: new)
  return rows.map(\.id) == new.map(\.id) && rows.map(\.title) == new.map(\.title)
    && rows.map(\.sectionID) == new.map(\.sectionID)
    && rows.map(\.sectionTitle) == new.map(\.sectionTitle) && cards == new.map(\.cards)
}

@Test(arguments: 0..<150 as Range<UInt64>)
func theChainShowsWhatTheFilterAlwaysShowedAndEachStepReplays(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  var content = randomContent(&rng)
  let chain = ContentChain(content)
  #expect(chain.sections == content.sections)
  var table = content.rows
  var query = ""
  var recent = RecentlyViewed()
  for step in 0..<30 {
    let updates: [TableUpdate]
    switch Int.random(in: 0..<12, using: &rng) {
    case 0..<4:
      query += letters.randomElement(using: &rng)!
      updates = chain.setQuery(query)
    case 4..<6:
      if !query.isEmpty { query.removeLast() }
      updates = chain.setQuery(query)
    case 6:
      query = ""
      updates = chain.setQuery(query)
    case 7..<9:
      let rows = content.sections.flatMap(\.rows).filter { !$0.cards.isEmpty }
      guard let row = rows.randomElement(using: &rng) else { continue }
      recent.open(rowID: row.id, cardID: row.cards.randomElement(using: &rng)!.id)
      updates = chain.setRecentlyViewed(recent.entries)
    case 9..<11:
      // An edit while filtering, with its delta: a card's text changes, one
      // goes, one comes.
      let old = content
      content = edited(content, &rng)
      updates = chain.setContent(
        content, delta: SectionDelta(from: old.rows, to: content.rows), from: old)
    default:
      content = randomContent(&rng)
      updates = chain.setContent(content)
    }
    for update in updates {
      let delta = try! #require(update.delta, "seed \(seed) step \(step): not translated")
      #expect(replays(delta, table, update.rows), "seed \(seed) step \(step): \(delta)")
      table = update.rows
    }
    let want = expected(content, query: query, recent: recent.entries)
    #expect(
      ShelfSection.grouping(table) == want,
      "seed \(seed) step \(step): query \(query.debugDescription)")
    #expect(chain.isNoMatches == (!query.isEmpty && want.isEmpty))
  }
  #expect(chain.fallbackCount == 0)
}

/// A query's pass that a newer query interrupts (after a few rows) leaves
/// the chain so that the newer query's pass shows what the filter shows,
/// best matches included, whichever rows the first one reached.
@Test func aPassANewerQueryInterruptsLeavesTheNextPassRight() {
  var interruptions = 0  // over the run: a case may have no row to interrupt
  for seed in 0..<60 as Range<UInt64> {
    var rng = SeededGenerator(seed: seed)
    var content = randomContent(&rng)
    let chain = ContentChain(content)
    var query = ""
    for step in 0..<20 {
      let rowsLeft = Locked(Int.random(in: 0..<3, using: &rng))
      let interrupted = query + letters.randomElement(using: &rng)!
      _ = chain.setQuery(interrupted) {
        rowsLeft.withLock { left in
          defer { left -= 1 }
          return left <= 0
        }
      }
      if chain.isInterrupted { interruptions += 1 }
      if Int.random(in: 0..<3, using: &rng) == 0 {
        // New content arrives with the newer query (the worker merges them).
        let old = content
        content = edited(content, &rng)
        _ = chain.setContent(
          content, delta: SectionDelta(from: old.rows, to: content.rows), from: old)
      }
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: query = interrupted + letters.randomElement(using: &rng)!
      case 1: query = String(interrupted.dropLast())
      default: query = interrupted
      }
      _ = chain.setQuery(query)
      #expect(!chain.isInterrupted)
      let want = expected(content, query: query, recent: [])
      #expect(chain.sections == want, "seed \(seed) step \(step): \(query.debugDescription)")
    }
  }
  #expect(interruptions > 100)
}

@Test func recentlyViewedHoldsTwentyNewestFirstWithoutRepeats() {
  var recent = RecentlyViewed()
  for i in 0..<25 { recent.open(rowID: "r", cardID: "c\(i)") }
  #expect(recent.entries.count == 20)
  #expect(recent.entries.first?.cardID == "c24")
  recent.open(rowID: "r", cardID: "c10")
  #expect(recent.entries.count == 20)
  #expect(recent.entries.map(\.cardID).prefix(2) == ["c10", "c24"])
  #expect(recent.entries.filter { $0.cardID == "c10" }.count == 1)
  // Pairs that would read the same if joined plainly stay apart.
  #expect(
    RecentlyViewed.Entry(rowID: "a:", cardID: "b").recentCardID
      != RecentlyViewed.Entry(rowID: "a", cardID: ":b").recentCardID)
}

// MARK: - The worker

/// Collects what a worker delivers, from whichever thread.
private final class Deliveries: Sendable {
  let results = Mutex<[ContentWorker.Result]>([])
  let worker = Mutex<ContentWorker?>(nil)
  var all: [ContentWorker.Result] { results.withLock { $0 } }
}

// MARK: - A warm chain

@Test func anOpenFilterPromptKeepsTheChainBuiltUntilNothingNeedsIt() {
  let content = Fixtures.content
  let box = Deliveries()
  let worker = ContentWorker(content: content, mode: .immediate) { result in
    box.results.withLock { $0.append(result) }
  }
  worker.request(isWarm: true, isSilent: true)
  // Built before the first character, and nothing reaches the table.
  #expect(worker.isChainBuilt)
  #expect(box.all.isEmpty)
  worker.request(query: "moo")
  worker.request(query: "")
  #expect(worker.isChainBuilt)  // the prompt is still open
  worker.request(isWarm: false, isSilent: true)
  #expect(!worker.isChainBuilt)  // closed with no query: let go
  worker.request(isWarm: true, isSilent: true)
  worker.request(query: "moo")
  worker.request(isWarm: false, isSilent: true)
  #expect(worker.isChainBuilt)  // closed with a query that still filters
  // Replaying what was delivered, in order, ends on the filtered content.
  var table = content.rows
  for update in box.all.flatMap(\.updates) {
    if let delta = update.delta { #expect(replays(delta, table, update.rows)) }
    table = update.rows
  }
  #expect(ShelfSection.grouping(table) == ShelfFilter.searched(content, by: "moo").sections)
}

/// The content worker, which runs the screen's chain on its own queue.
@Suite struct ContentWorkerConcurrencyTests {
  @Test func aResultANewerQueryOvertookIsNeverDelivered() throws {
    let content = Fixtures.content
    let box = Deliveries()
    let hasOvertaken = Mutex(false)
    let worker = ContentWorker(
      content: content, mode: .immediate,
      didCompute: {
        // While "moo" is computed, the user types on: "moon" is asked for.
        guard !hasOvertaken.withLock({ $0 }) else { return }
        hasOvertaken.withLock { $0 = true }
        box.worker.withLock { $0 }?.request(query: "moon")
      },
      deliver: { result in box.results.withLock { $0.append(result) } })
    box.worker.withLock { $0 = worker }
    worker.request(query: "moo")
    let results = box.all
    try #require(results.count == 1)
    #expect(results[0].query == "moon")
    #expect(results[0].generation == 2)
    // What "moo" made never reached the table, so the table diffs its way to "moon".
    #expect(results[0].updates.count == 1)
    #expect(results[0].updates[0].delta == nil)
    #expect(results[0].updates[0].sections == ShelfFilter.searched(content, by: "moon").sections)
  }
  @Test func theWorkerAnswersTheNewestRequestLastAndOffTheCallersThread() async throws {
    let content = Fixtures.content
    let box = Deliveries()
    let worker = ContentWorker(content: content, mode: .background) { result in
      box.results.withLock { $0.append(result) }
    }
    var last = 0
    for query in ["m", "mo", "moo", "moon", "moo", "x", "xq", ""] {
      last = worker.request(query: query)
    }
    let isDone = await eventually { box.all.last?.generation == last }
    try #require(isDone)
    let results = box.all
    #expect(results.map(\.generation) == results.map(\.generation).sorted())
    #expect(results.last?.query == "")
    // Replaying what was delivered, in order, ends on the unfiltered content.
    var table = content.rows
    for update in results.flatMap(\.updates) {
      if let delta = update.delta { #expect(replays(delta, table, update.rows)) }
      table = update.rows
    }
    #expect(ShelfSection.grouping(table) == content.sections)
  }

  @Test func aCharacterTypedWhileTheChainWarmsStillGetsADelta() throws {
    let content = Fixtures.content
    let box = Deliveries()
    let hasTyped = Mutex(false)
    let worker = ContentWorker(
      content: content, mode: .immediate,
      didCompute: {
        // While the chain is built for the open prompt, "moo" is typed.
        guard !hasTyped.withLock({ $0 }) else { return }
        hasTyped.withLock { $0 = true }
        box.worker.withLock { $0 }?.request(query: "moo")
      },
      deliver: { result in box.results.withLock { $0.append(result) } })
    box.worker.withLock { $0 = worker }
    worker.request(isWarm: true, isSilent: true)
    let results = box.all
    try #require(results.count == 1)
    #expect(results[0].query == "moo")
    // The warm-up reached the table as nothing, so the chain's delta still
    // starts from what the table shows: the holder need not diff.
    // The filter's update, then the best matches row's (first, the rows
    // with no cards leave, if there are any: they show only without a query).
    let hasEmptyRows = content.rows.contains { $0.cards.isEmpty }
    #expect(results[0].updates.count == (hasEmptyRows ? 3 : 2))
    var table = content.rows
    for update in results[0].updates {
      let delta = try #require(update.delta)
      #expect(replays(delta, table, update.rows))
      table = update.rows
    }
    #expect(ShelfSection.grouping(table) == ShelfFilter.searched(content, by: "moo").sections)
  }
}
