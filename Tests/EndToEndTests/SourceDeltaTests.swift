import Dispatch
import PropertyBased
import ShelfCatalog
import ShelfChain
import ShelfContentMapping
import ShelfDiff
import ShelfUI
import Synchronization
import TestSupport
import Testing

@testable import shelf

/// Each source's change diffed once, against that source's previous version,
/// off the main queue; its delta then flows through the app's chain and into
/// the table's holder, which only checks it.
@MainActor
@Suite struct SourceDeltaConcurrencyTests {
  /// A catalog from small pools of ids, so that two versions share most
  /// sections, rows and cards.
  private func randomCatalog(_ rng: inout some RandomNumberGenerator, title: String) -> Catalog {
    let sectionIDs = ["a", "b", "c"].shuffled(using: &rng).prefix(
      Int.random(in: 1...2, using: &rng))
    var sections = sectionIDs.map {
      Section(id: $0, title: Bool.random(using: &rng) ? "Section \($0)" : "Renamed", rows: [])
    }
    for r in (0..<6).shuffled(using: &rng).prefix(Int.random(in: 0...6, using: &rng)) {
      let cards = (0..<5).shuffled(using: &rng).prefix(Int.random(in: 0...5, using: &rng)).map {
        Card(id: "c\($0)", title: ["Dune", "Emma", "Kim"].randomElement(using: &rng)!)
      }
      sections[Int.random(in: 0..<sections.count, using: &rng)].rows.append(
        Row(id: "r\(r)", title: "Row \(r)", items: cards))
    }
    return Catalog(title: title, sections: sections)
  }

  private func content(_ catalog: Catalog, source index: Int, of count: Int) -> ShelfContent {
    ShelfContent(catalog, namespace: SourceChain.namespace(ofSourceAt: index, count: count))
  }

  // MARK: - Per source

  /// A version overtaken after it was diffed is dropped before it becomes
  /// the base of the next diff: the next one is diffed against the version
  /// the store holds.
  @Test func aSourcesVersionIsDiffedAgainstTheVersionDeliveredBeforeIt() async throws {
    var rng = SeededGenerator(seed: 7)
    let first = content(randomCatalog(&rng, title: "A"), source: 0, of: 1)
    let reached = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let isHolding = Atomic<Bool>(true)
    let converter = ContentConverter(diffingFrom: first.rows) {
      // The first diff waits here until a newer catalog has been handed over.
      guard isHolding.exchange(false, ordering: .relaxed) else { return }
      reached.signal()
      proceed.wait()
    }
    var delivered: [SourceUpdate] = []
    let overtaken = randomCatalog(&rng, title: "A")
    converter.convert(overtaken) { delivered.append($0) }
    reached.wait()
    let second = randomCatalog(&rng, title: "A")
    converter.convert(second) { delivered.append($0) }
    proceed.signal()
    #expect(await eventually { converter.isIdle })
    #expect(delivered.map(\.version) == [1], "the overtaken version is never delivered")
    #expect(delivered.first?.content == ShelfContent(second))
    #expect(
      delivered.first?.delta
        == SectionDelta(sectionsFrom: first.rows, to: delivered[0].content.rows))

    let third = randomCatalog(&rng, title: "A")
    converter.convert(third) { delivered.append($0) }
    #expect(await eventually { converter.isIdle })
    #expect(delivered.map(\.version) == [1, 2])
    let delta = try #require(delivered.last?.delta)
    #expect(delta.replays(ShelfContent(second).rows, into: ShelfContent(third).rows))
  }

  // MARK: - Upserted records

  /// One record as a catalog: card `id` in row `row`.
  private func record(_ id: Int, row: Int, text: String) -> Catalog {
    Catalog(
      title: "stdin",
      sections: [
        Section(
          id: "", title: "",
          rows: [Row(id: "r\(row)", title: "r\(row)", items: [Card(id: "\(id)", title: text)])])
      ])
  }

  /// An upserted record touches one row (two when it moves): only that
  /// row's cards are converted again, and every other row is the shown
  /// version's very value, so the checks down the chain compare its bytes.
  @Test func anUpsertConvertsOnlyTheRowsItTouches() async throws {
    var feed = UpsertingCatalog(title: "stdin", keep: 50)
    for id in 0..<200 { feed.upsert(record(id, row: id % 10, text: "first \(id)")) }
    let converter = ContentConverter(diffingFrom: [])
    var delivered: [SourceUpdate] = []
    converter.convert(feed.catalog, revisions: feed.revisions) { delivered.append($0) }
    #expect(await eventually { converter.isIdle })
    #expect(converter.convertedCardCount == 200)
    // Card 3 again, in its own row (20 cards): that row alone.
    feed.upsert(record(3, row: 3, text: "again"))
    converter.convert(feed.catalog, revisions: feed.revisions) { delivered.append($0) }
    #expect(await eventually { converter.isIdle })
    #expect(converter.convertedCardCount == 200 + 20)
    // Card 4 moved to row 5: both rows (19 and 21 cards).
    feed.upsert(record(4, row: 5, text: "moved"))
    converter.convert(feed.catalog, revisions: feed.revisions) { delivered.append($0) }
    #expect(await eventually { converter.isIdle })
    #expect(converter.convertedCardCount == 200 + 20 + 40)
    #expect(delivered.map(\.version) == [1, 2, 3])
    #expect(delivered.last?.content == ShelfContent(feed.catalog))
    let before = delivered[1].content.sections[0].rows
    let after = delivered[2].content.sections[0].rows
    for r in before.indices where r != 4 && r != 5 {
      let isSame = withUnsafeBytes(of: before[r]) { old in
        withUnsafeBytes(of: after[r]) { $0.elementsEqual(old) }
      }
      #expect(isSame, "row \(r) is the shown version's value")
    }
  }

  /// Whatever records come (new rows, moves, trims) and whichever versions
  /// are overtaken or held back while paused, each version delivered is what
  /// converting the whole catalog gives.
  @Test func upsertedVersionsAreTheWholeCatalogsContent() async {
    await propertyCheck(count: 30, input: Gen.draws(1024)) { draws in
      var rng = draws
      var feed = UpsertingCatalog(title: "stdin", keep: Int.random(in: 1...4, using: &rng))
      let converter = ContentConverter(diffingFrom: [])
      var delivered: [SourceUpdate] = []
      var held: (Catalog, RowRevisions)?
      var handed: [Catalog] = []
      for step in 0..<40 {
        let id = Int.random(in: 0..<12, using: &rng)
        feed.upsert(record(id, row: Int.random(in: 0..<5, using: &rng), text: "\(step)"))
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: held = (feed.catalog, feed.revisions)  // paused: shown later
        case 1: break  // not shown: a later version holds its change too
        default:
          if let (catalog, revisions) = held.take() {
            converter.convert(catalog, revisions: revisions) { delivered.append($0) }
            handed.append(catalog)
          }
          converter.convert(feed.catalog, revisions: feed.revisions) { delivered.append($0) }
          handed.append(feed.catalog)
        }
      }
      converter.convert(feed.catalog, revisions: feed.revisions) { delivered.append($0) }
      handed.append(feed.catalog)
      #expect(await eventually { converter.isIdle })
      // Each delivered is a catalog handed over, in order (some overtaken).
      var next = 0
      for update in delivered {
        while next < handed.count, ShelfContent(handed[next]) != update.content { next += 1 }
        #expect(next < handed.count, "version \(update.version) is a catalog handed over")
      }
      #expect(delivered.last?.content == ShelfContent(feed.catalog))
      for pair in zip(delivered, delivered.dropFirst()) where pair.1.version == pair.0.version + 1 {
        let delta = pair.1.delta
        #expect(delta?.replays(pair.0.content.rows, into: pair.1.content.rows) == true)
      }
    }
  }

  /// A delta computed against a version the store no longer holds (or not
  /// yet) reloads the chain's output instead of being applied to it.
  @Test func aDeltaAgainstAnotherVersionIsNeverAppliedToTheStore() throws {
    var rng = SeededGenerator(seed: 3)
    let catalogs = [randomCatalog(&rng, title: "A"), randomCatalog(&rng, title: "B")]
    let chain = SourceChain(
      specs: [.catalog("a.json"), .watch("b.json")],
      contents: catalogs.indices.map { content(catalogs[$0], source: $0, of: 2) })
    var changes: [SourceChange] = []
    chain.onChange = { changes.append($0) }
    let before = chain.content.rows
    let next = content(randomCatalog(&rng, title: "B"), source: 1, of: 2)
    // Version 2 arrives while the store holds version 0: its delta is from version 1.
    let wrong = SectionDelta(from: next.rows, to: next.rows)
    chain.update(1, with: SourceUpdate(content: next, delta: wrong, version: 2))
    #expect(changes == [.reload])
    #expect(chain.content.rows == before.filter { $0.id.hasPrefix("1:") } + next.rows)

    let later = content(randomCatalog(&rng, title: "B"), source: 1, of: 2)
    let delta = SectionDelta(from: next.rows, to: later.rows)
    chain.update(1, with: SourceUpdate(content: later, delta: delta, version: 3))
    #expect(changes.count == 2)
    let translated = try #require(changes.last?.delta)
    let first = before.filter { $0.id.hasPrefix("1:") }
    #expect(translated.replays(first + next.rows, into: chain.content.rows))
  }

  // MARK: - Through the chain to the table

  /// The app's wiring, with live holders: a converter per source, the chain,
  /// and a screen whose content comes with the chain's delta; beside it, a
  /// reference screen given the same content without it (its holder diffs).
  @MainActor
  private final class App {
    let chain: SourceChain
    let screen: ShelfScreen
    let reference: ShelfScreen
    let converters: [ContentConverter]
    let count: Int
    /// Each source's newest catalog handed to its converter.
    var catalogs: [Catalog]

    init(_ catalogs: [Catalog], animationDuration: UInt64) {
      count = catalogs.count
      self.catalogs = catalogs
      let contents = catalogs.indices.map {
        ShelfContent(
          catalogs[$0], namespace: SourceChain.namespace(ofSourceAt: $0, count: catalogs.count))
      }
      let chain = SourceChain(
        specs: catalogs.indices.map { .watch("\($0).json") }, contents: contents,
        switchQueue: DispatchQueue(label: "test.switch", qos: .userInitiated))
      let screens = (0..<2).map { _ in
        ShelfScreen(
          content: chain.content,
          configuration: ScreenConfiguration(animationDuration: animationDuration),
          updates: .liveHolders(ManualClock()))
      }
      let screen = screens[0]
      let reference = screens[1]
      chain.onChange = { change in
        screen.sourceScope = chain.scope
        screen.setContent(chain.content, delta: change.delta)
        reference.sourceScope = chain.scope
        reference.setContent(chain.content)
      }
      screen.sourceScope = chain.scope
      reference.sourceScope = chain.scope
      self.chain = chain
      self.screen = screen
      self.reference = reference
      converters = contents.map { ContentConverter(diffingFrom: $0.rows) }
    }

    func change(_ index: Int, to catalog: Catalog) {
      catalogs[index] = catalog
      let chain = chain
      converters[index].convert(
        catalog, namespace: SourceChain.namespace(ofSourceAt: index, count: count)
      ) { chain.update(index, with: $0) }
    }

    var isSettled: Bool {
      converters.allSatisfy(\.isIdle) && !chain.isSwitching && screen.isSettled
        && reference.isSettled
    }

    /// What the chain should show: every source's newest catalog, or the one selected.
    var expected: [ShelfSection] {
      let indices = chain.selectedSource.map { [$0] } ?? Array(catalogs.indices)
      return indices.flatMap {
        ShelfContent(catalogs[$0], namespace: SourceChain.namespace(ofSourceAt: $0, count: count))
          .sections
      }
    }

    /// Draws frames of both screens when asked until the app is settled,
    /// then both at rest, as text.
    func runToIdle(size: Size, from start: UInt64) async -> (
      shown: String, reference: String, end: UInt64
    ) {
      var now = start
      let isIdle = await eventually {
        let deadlines = [screen, reference].compactMap { $0.nextFrameDeadline(now: now) }
        if let deadline = deadlines.min() {
          now = max(now + 1, deadline)
          _ = screen.render(size: size, now: now)
          _ = reference.render(size: size, now: now)
          return false
        }
        return isSettled
      }
      if !isIdle { Issue.record("the app never settled") }
      now += 1
      return (
        TextBackend.text(of: screen.render(size: size, now: now)),
        TextBackend.text(of: reference.render(size: size, now: now)), now
      )
    }
  }

  @Test func aChangeOfOneSourceReachesTheTableAsTheChainsDeltaWithNoDiff() async {
    var rng = SeededGenerator(seed: 11)
    let app = App((0..<3).map { randomCatalog(&rng, title: "S\($0)") }, animationDuration: 300)
    let size = Size(width: 80, height: 24)
    _ = app.screen.render(size: size, now: 0)
    _ = app.reference.render(size: size, now: 0)
    var now: UInt64 = 0
    for step in 0..<6 {
      app.change(step % 3, to: randomCatalog(&rng, title: "S\(step % 3)"))
      let (shown, reference, end) = await app.runToIdle(size: size, from: now + 1000)
      now = end
      #expect(shown == reference, "the same screen as when the holder diffs")
      #expect(app.screen.tableSections == app.expected)
    }
    #expect(app.screen.tableCalculationCounts == (0, 0), "the table's holder never diffed")
    #expect(app.reference.tableCalculationCounts.diffs > 0)
  }

  /// Random changes of two or three sources and Tab switches, some waited
  /// for, some in bursts: the table ends showing exactly the chain's output,
  /// its holder never rejects a delta, and it diffs only where bursts made
  /// updates coalesce.
  @Test func randomChangesAndSwitchesEndWithTheTableShowingTheChainsOutput() async {
    await propertyCheck(count: 24, input: Gen.draws(2048)) { draws in
      var rng = draws
      let count = Int.random(in: 2...3, using: &rng)
      let app = App(
        (0..<count).map { randomCatalog(&rng, title: "S\($0)") }, animationDuration: 0)
      let size = Size(width: 80, height: 24)
      _ = app.screen.render(size: size, now: 0)
      _ = app.reference.render(size: size, now: 0)
      var unsettled = 0
      for _ in 0..<12 {
        if Int.random(in: 0..<4, using: &rng) == 0 {
          if Bool.random(using: &rng) { app.chain.selectNext() } else { app.chain.selectPrevious() }
        } else {
          let index = Int.random(in: 0..<count, using: &rng)
          app.change(index, to: randomCatalog(&rng, title: "S\(index)"))
        }
        if Bool.random(using: &rng) {
          #expect(await eventually { app.isSettled })
        } else {
          unsettled += 1
        }
      }
      #expect(await eventually { app.isSettled })
      #expect(app.chain.content.sections == app.expected)
      #expect(app.screen.tableSections == app.expected)
      #expect(app.reference.tableSections == app.expected)
      let counts = app.screen.tableCalculationCounts
      #expect(counts.rejectedDeltas == 0)
      #expect(counts.diffs <= unsettled)
    }
  }
}
