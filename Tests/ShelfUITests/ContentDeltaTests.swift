import ShelfDiff
import TestSupport
import Testing

@testable import ShelfUI

// Content that comes with its delta (`ShelfScreen.setContent(_:delta:)`):
// the content chain's root takes it translated (`ChainRowDelta`), the table's
// holder takes it as it is; neither diffs.

/// Random content whose cards differ only in title (see `randomContent(_:card:)`).
private func randomContent(_ rng: inout SeededGenerator) -> ShelfContent {
  randomContent(&rng) { number, rng in
    CardFace(id: "c\(number)", title: ["ab", "ba", "c"].randomElement(using: &rng)!)
  }
}

@Test(arguments: 0..<200 as Range<UInt64>)
func aTableDeltaTranslatedToTheChainsRowsReplaysThemExactly(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  let old = randomContent(&rng)
  let new = randomContent(&rng)
  let delta = SectionDelta(from: old.sections, to: new.sections)
  let oldRows = old.chainRows
  let newRows = new.chainRows
  let rowDelta = try #require(
    ChainRowDelta.delta(
      from: old.sections, to: new.sections, oldRows: oldRows, newRows: newRows, given: delta))
  #expect(rowDelta.replays(oldRows, into: newRows), "\(rowDelta)")
  // No more row moves than the chain's own diff of its rows finds.
  #expect(
    rowDelta.sections.moves.count <= SectionDelta(from: oldRows, to: newRows).sections.moves.count)
}

@Test func aDeltaThatDoesNotFitTheTableIsNotTranslated() {
  let old = ShelfContent(
    title: "t",
    sections: [
      ShelfSection(id: "s", title: nil, rows: [CarouselRow(id: "r", title: "R", cards: [])])
    ])
  var new = old
  new.sections[0].rows.append(CarouselRow(id: "q", title: "Q", cards: []))
  let wrong = SectionDelta(from: new.sections, to: old.sections)  // the other way round
  #expect(
    ChainRowDelta.delta(
      from: old.sections, to: new.sections, oldRows: old.chainRows, newRows: new.chainRows,
      given: wrong) == nil)
}

/// New content with its delta, through a chain with a query and a recently
/// viewed row: the output is what the same chain shows when its root diffs,
/// each table update replays the table, and the root never diffed.
@Test(arguments: 0..<100 as Range<UInt64>)
func contentWithItsDeltaFiltersAsWhenTheRootDiffs(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  var content = randomContent(&rng)
  let translating = ContentChain(content)
  let diffing = ContentChain(content)
  let query = ["", "a", "b", "c"].randomElement(using: &rng)!
  let recent = [RecentlyViewed.Entry(rowID: "r\(Int.random(in: 0..<8, using: &rng))", cardID: "c1")]
  var table = translating.setQuery(query).last?.sections ?? translating.sections
  _ = diffing.setQuery(query)
  if Bool.random(using: &rng) {
    table = translating.setRecentlyViewed(recent).last?.sections ?? table
    _ = diffing.setRecentlyViewed(recent)
  }
  #expect(table == translating.sections)
  for _ in 0..<6 {
    let next = randomContent(&rng)
    let delta = SectionDelta(from: content.sections, to: next.sections)
    for update in translating.setContent(next, delta: delta, from: content) {
      if let delta = update.delta {
        #expect(delta.replays(table, into: update.sections))
      }
      table = update.sections
    }
    _ = diffing.setContent(next)
    #expect(table == translating.sections)
    #expect(translating.sections == diffing.sections)
    content = next
  }
  #expect(translating.rootDiffCount == 0)
  #expect(diffing.rootDiffCount == 6)
}

@Test func contentWithADeltaThatDoesNotReplayIsDiffedAtTheRoot() {
  let old = ShelfContent(
    title: "t",
    sections: [
      ShelfSection(id: "s", title: nil, rows: [CarouselRow(id: "r", title: "R", cards: [])])
    ])
  var new = old
  new.sections[0].rows[0].title = "Renamed"
  let chain = ContentChain(old)
  _ = chain.setQuery("x")
  _ = chain.setContent(new, delta: SectionDelta(), from: old)  // says nothing changed
  #expect(chain.rootDiffCount == 1)
  _ = chain.setQuery("")
  #expect(chain.sections == new.sections)
}

/// Through the screen: with a query typed, new content with its delta goes
/// through the content chain, whose root takes it without a diff; the table
/// shows the filtered new content. A delta merged away with a skipped
/// content is not used.
@MainActor
@Test func aFilteredScreenTakesContentWithItsDeltaWithoutDiffingTheRoot() {
  var rng = SeededGenerator(seed: 5)
  var content = randomContent(&rng)
  while content.sections.flatMap(\.rows).isEmpty { content = randomContent(&rng) }
  let screen = ShelfScreen(
    content: content, configuration: ScreenConfiguration(), updates: .immediate)
  let size = Size(width: 80, height: 24)
  _ = screen.render(size: size, now: 0)
  for key in [Key.character("/"), .character("a")] { _ = screen.handle(key, size: size) }
  #expect(screen.contentPath.chainRootDiffCount == 0)
  var now: UInt64 = 0
  for _ in 0..<8 {
    let next = randomContent(&rng)
    screen.setContent(next, delta: SectionDelta(from: content.sections, to: next.sections))
    content = next
    for _ in 0..<2 {  // the batch on screen ends, then the one that waited
      now += 10_000
      _ = screen.render(size: size, now: now)
    }
    #expect(
      screen.shownRowIDs
        == ShelfFilter.searched(content, by: "a").sections.flatMap(\.rows).map(\.id))
  }
  #expect(screen.contentPath.chainRootDiffCount == 0, "the root took every delta")
  screen.setContent(randomContent(&rng))
  #expect(screen.contentPath.chainRootDiffCount == 1, "content without a delta is diffed")
}
