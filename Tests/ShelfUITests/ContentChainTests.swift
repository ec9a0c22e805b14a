import PropertyBased
import ShelfDiff
import Synchronization
import TestSupport
import Testing

@testable import ShelfUI

/// Short words from few letters, so that random queries match some cards:
/// accented (composed and not) and wide ones, spaces between words, and the
/// marks of a whole word (`'`) and of anchors (`^`, `$`).
private let letters = ["a", "b", "c", "A", "1", "é", "E\u{301}", "ａ", " ", "'", "^", "$"]

/// A short word: one to three of `letters`.
private let words = Gen.int(in: 0...(letters.count - 1)).array(of: 1...3).map { picks in
  picks.map { letters[$0] }.joined()
}

/// Random content (see `contents(card:face:)`) whose cards have short
/// words for title, subtitle and tags, and sometimes a year.
private let wordContents = contents(
  card: zip(words, Gen.bool, words, Gen.bool(0.25), Gen.bool, words)
) { number, card in
  let (title, hasSubtitle, subtitle, hasYear, hasTag, tag) = card
  return CardFace(
    id: "c\(number)", title: title, subtitle: hasSubtitle ? subtitle : "",
    year: hasYear ? 1990 + number : nil, tags: hasTag ? [tag] : [])
}

/// One edit of a card (see `edited(_:by:)`): the row and the card it picks
/// (each taken modulo how many there are), what it does, and the word or
/// new card number it brings.
private struct CardEdit: Sendable, CustomStringConvertible {
  enum Kind: Int, Sendable { case retitle, retag, remove, insert }
  var row: Int
  var card: Int
  var kind: Kind
  var word: String
  var newNumber: Int

  var description: String {
    "\(kind) row \(row) card \(card) \(word.debugDescription) n\(newNumber)"
  }
}

/// One to three edits: a title or a tag changed to another short word, a
/// card removed, a card added.
private let cardEdits = zip(
  Gen.int(in: 0...7), Gen.int(in: 0...6), Gen.int(in: 0...3), words, Gen.int(in: 0...999)
).map { row, card, kind, word, number in
  CardEdit(
    row: row, card: card, kind: CardEdit.Kind(rawValue: kind)!, word: word, newNumber: number)
}.array(of: 1...3)

/// `content` with `edits` made to its cards; an edit that picks a card of
/// an empty row adds one.
private func edited(_ content: ShelfContent, by edits: [CardEdit]) -> ShelfContent {
  var content = content
  for edit in edits {
    let rows = content.sections.indices.flatMap { s in
      content.sections[s].rows.indices.map { (s, $0) }
    }
    guard !rows.isEmpty else { return content }
    let (s, r) = rows[edit.row % rows.count]
    var cards = content.sections[s].rows[r].cards
    let index = cards.isEmpty ? 0 : edit.card % cards.count
    switch edit.kind {
    case .retitle where !cards.isEmpty: cards[index].title = edit.word
    case .retag where !cards.isEmpty: cards[index].tags = [edit.word]
    case .remove where !cards.isEmpty: cards.remove(at: index)
    default:
      let id = "n\(edit.newNumber)"
      guard !cards.contains(where: { $0.id == id }) else { continue }
      cards.insert(
        CardFace(id: id, title: edit.word, subtitle: "", tags: []),
        at: edit.card % (cards.count + 1))
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

/// One step of a user and a source on a chain with a query.
private enum ChainStep: Sendable, CustomStringConvertible {
  /// A letter typed at the end of the query.
  case type(String)
  /// The query's last character erased.
  case erase
  /// The query cleared.
  case clear
  /// A card opened: the row with cards and its card that the numbers pick
  /// (each taken modulo how many there are).
  case open(row: Int, card: Int)
  /// An edit while filtering, with its delta: a card's text changes, one
  /// goes, one comes.
  case edit([CardEdit])
  /// New content without a delta.
  case replace(ShelfContent)

  var description: String {
    switch self {
    case .type(let letter): "type \(letter.debugDescription)"
    case .erase: "erase"
    case .clear: "clear"
    case .open(let row, let card): "open row \(row) card \(card)"
    case .edit(let edits): "edit \(edits)"
    case .replace(let content): "replace with \(content.sections)"
    }
  }
}

/// Steps in the proportions a user and a source make them: mostly typing,
/// erasing and opening cards, sometimes an edit, rarely new content.
private let chainSteps = Gen.frequency(
  (4, Gen.int(in: 0...(letters.count - 1)).map { ChainStep.type(letters[$0]) }),
  (2, Gen.always(ChainStep.erase)),
  (1, Gen.always(ChainStep.clear)),
  (2, zip(Gen.int(in: 0...7), Gen.int(in: 0...5)).map { ChainStep.open(row: $0, card: $1) }),
  (2, cardEdits.map { ChainStep.edit($0) }),
  (1, wordContents.map { ChainStep.replace($0) })
)

@Test func theChainShowsWhatTheFilterAlwaysShowedAndEachStepReplays() async {
  await propertyCheck(count: 200, input: wordContents, chainSteps.array(of: 1...30)) {
    first, steps in
    var content = first
    let chain = ContentChain(content)
    #expect(chain.sections == content.sections)
    var table = content.rows
    var query = ""
    var recent = RecentlyViewed()
    for (number, step) in steps.enumerated() {
      let updates: [TableUpdate]
      switch step {
      case .type(let letter):
        query += letter
        updates = chain.setQuery(query)
      case .erase:
        if !query.isEmpty { query.removeLast() }
        updates = chain.setQuery(query)
      case .clear:
        query = ""
        updates = chain.setQuery(query)
      case .open(let row, let card):
        let rows = content.sections.flatMap(\.rows).filter { !$0.cards.isEmpty }
        guard !rows.isEmpty else { continue }
        let row = rows[row % rows.count]
        recent.open(rowID: row.id, cardID: row.cards[card % row.cards.count].id)
        updates = chain.setRecentlyViewed(recent.entries)
      case .edit(let edits):
        let old = content
        content = edited(content, by: edits)
        updates = chain.setContent(
          content, delta: SectionDelta(from: old.rows, to: content.rows), from: old)
      case .replace(let new):
        content = new
        updates = chain.setContent(content)
      }
      for update in updates {
        let delta = try #require(update.delta, "step \(number): not translated")
        #expect(replays(delta, table, update.rows), "step \(number): \(delta)")
        table = update.rows
      }
      let want = expected(content, query: query, recent: recent.entries)
      #expect(
        ShelfSection.grouping(table) == want, "step \(number): query \(query.debugDescription)")
      #expect(chain.isNoMatches == (!query.isEmpty && want.isEmpty))
    }
    #expect(chain.fallbackCount == 0)
  }
}

/// One step of `aPassANewerQueryInterruptsLeavesTheNextPassRight`: a query
/// one letter longer interrupted after `rowsLeft` rows, maybe an edit that
/// arrives with the newer query, and the newer query: the interrupted one
/// with a letter more (`next` 0), one less (1), or the same (2).
private struct InterruptedStep: Sendable, CustomStringConvertible {
  var rowsLeft: Int
  var letter: String
  var edits: [CardEdit]?
  var next: Int
  var nextLetter: String

  var description: String {
    "\(letter.debugDescription) after \(rowsLeft) rows, edits \(edits.map(\.description) ?? "none"), "
      + "then \(["+ " + nextLetter.debugDescription, "- 1", "same"][next])"
  }
}

private let interruptedSteps = zip(
  Gen.int(in: 0...2), Gen.int(in: 0...(letters.count - 1)), Gen.int(in: 0...2), cardEdits,
  Gen.int(in: 0...2), Gen.int(in: 0...(letters.count - 1))
).map { rowsLeft, letter, edit, edits, next, nextLetter in
  InterruptedStep(
    rowsLeft: rowsLeft, letter: letters[letter], edits: edit == 0 ? edits : nil, next: next,
    nextLetter: letters[nextLetter])
}

/// A query's pass that a newer query interrupts (after a few rows) leaves
/// the chain so that the newer query's pass shows what the filter shows,
/// best matches included, whichever rows the first one reached.
@Test func aPassANewerQueryInterruptsLeavesTheNextPassRight() async {
  var interruptions = 0  // over the run: a case may have no row to interrupt
  await propertyCheck(count: 120, input: wordContents, interruptedSteps.array(of: 1...20)) {
    first, steps in
    var content = first
    let chain = ContentChain(content)
    var query = ""
    for (number, step) in steps.enumerated() {
      let rowsLeft = Locked(step.rowsLeft)
      let interrupted = query + step.letter
      _ = chain.setQuery(interrupted) {
        rowsLeft.withLock { left in
          defer { left -= 1 }
          return left <= 0
        }
      }
      if chain.isInterrupted { interruptions += 1 }
      if let edits = step.edits {
        // New content arrives with the newer query (the worker merges them).
        let old = content
        content = edited(content, by: edits)
        _ = chain.setContent(
          content, delta: SectionDelta(from: old.rows, to: content.rows), from: old)
      }
      switch step.next {
      case 0: query = interrupted + step.nextLetter
      case 1: query = String(interrupted.dropLast())
      default: query = interrupted
      }
      _ = chain.setQuery(query)
      #expect(!chain.isInterrupted)
      let want = expected(content, query: query, recent: [])
      #expect(chain.sections == want, "step \(number): \(query.debugDescription)")
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
