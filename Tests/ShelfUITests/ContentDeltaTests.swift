import PropertyBased
import ShelfDiff
import TestSupport
import Testing

@testable import ShelfUI

// Content that comes with its delta (`ShelfScreen.setContent(_:delta:)`), a
// change of rows of cards: the content chain's root and the table's holder
// take it as it is; neither diffs.

/// Random content whose cards differ only in title (see `contents(card:face:)`).
private let titledContents = contents(card: Gen.int(in: 0...2)) { number, title in
  CardFace(id: "c\(number)", title: ["ab", "ba", "c"][title])
}

/// Random content whose cards differ only in title (see `randomContent(_:card:)`).
private func randomContent(_ rng: inout SeededGenerator) -> ShelfContent {
  randomContent(&rng) { number, rng in
    CardFace(id: "c\(number)", title: ["ab", "ba", "c"].randomElement(using: &rng)!)
  }
}

/// The headers' motion is derived at layout time from the rows' own change:
/// the sections-of-rows delta derived from the row part of the one delta
/// over rows of cards turns the old sections into the new ones.
@Test func theHeadersDeltaDerivedFromTheRowsDeltaTurnsOldSectionsIntoNew() async {
  await propertyCheck(count: 200, input: titledContents, titledContents) { old, new in
    let old = DisplayModel(old)
    let new = DisplayModel(new)
    let rowDelta = SectionDelta(from: old.content.rows, to: new.content.rows).sections
    let derived = try #require(new.sectionDelta(from: old, rowDelta: rowDelta))
    let (sections, rows) = derived.applied(to: old.sections, with: new.sections)
    #expect(sections.map(\.id) == new.sections.map(\.id))
    #expect(rows.map { $0.map(\.id) } == new.sections.map { $0.rows.map(\.id) })
  }
}

@Test func aRowsDeltaThatDoesNotFitTheModelsDerivesNoHeaders() {
  let old = ShelfContent(
    title: "t",
    sections: [
      ShelfSection(id: "s", title: nil, rows: [CarouselRow(id: "r", title: "R", cards: [])])
    ])
  var new = old
  new.rows.append(CarouselRow(id: "q", title: "Q", cards: [], sectionID: "s"))
  let wrong = SectionDelta(from: new.rows, to: old.rows).sections  // the other way round
  #expect(DisplayModel(new).sectionDelta(from: DisplayModel(old), rowDelta: wrong) == nil)
}

/// New content with its delta, through a chain with a query and a recently
/// viewed row: the output is what the same chain shows when its root diffs,
/// each table update replays the table, and the root never diffed.
@Test func contentWithItsDeltaFiltersAsWhenTheRootDiffs() async {
  let queries = Gen.int(in: 0...3).map { ["", "a", "b", "c"][$0] }
  let recentRows = zip(Gen.bool, Gen.int(in: 0...7)).map { isOpened, row in
    isOpened ? [RecentlyViewed.Entry(rowID: "r\(row)", cardID: "c1")] : []
  }
  let input = zip(titledContents, queries, recentRows, titledContents.array(of: 6))
  await propertyCheck(count: 100, input: input) { first, query, recent, nextContents in
    var content = first
    let translating = ContentChain(content)
    let diffing = ContentChain(content)
    var table = translating.setQuery(query).last?.rows ?? translating.rows
    _ = diffing.setQuery(query)
    if !recent.isEmpty {
      table = translating.setRecentlyViewed(recent).last?.rows ?? table
      _ = diffing.setRecentlyViewed(recent)
    }
    #expect(table == translating.rows)
    for next in nextContents {
      let delta = SectionDelta(from: content.rows, to: next.rows)
      for update in translating.setContent(next, delta: delta, from: content) {
        if let delta = update.delta {
          #expect(delta.replays(table, into: update.rows))
        }
        table = update.rows
      }
      _ = diffing.setContent(next)
      #expect(table == translating.rows)
      #expect(translating.sections == diffing.sections)
      content = next
    }
    #expect(translating.rootDiffCount == 0)
    #expect(diffing.rootDiffCount == 6)
  }
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
    screen.setContent(next, delta: SectionDelta(from: content.rows, to: next.rows))
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
