import Dispatch
import ShelfCatalog
import ShelfChain
import ShelfContentMapping
import ShelfDiff
import ShelfUI
import TestSupport
import Testing

@testable import shelf

/// `--every`, the order of repeated source options, and the chain that puts
/// several sources on one screen.
@Suite struct SourceOptionsTests {
  // MARK: - --every

  @Test(arguments: [
    ("500ms", Duration.milliseconds(500)), ("10s", .seconds(10)), ("2m", .seconds(120)),
    ("1.5s", .milliseconds(1500)), ("100ms", .milliseconds(100)), ("24h", .seconds(86_400)),
  ])
  func everyReadsMillisecondsSecondsMinutesAndHours(text: String, duration: Duration) throws {
    #expect(try Parse.duration(text) == duration)
  }

  @Test(arguments: ["", "5", "s", "ms", "-1s", "10x", "5 s", "1e3s", "99ms", "25h", "nans", "0s"])
  func everyRefusesAnythingElse(text: String) {
    #expect(throws: Parse.Refusal.self) { try Parse.duration(text) }
  }

  @Test func aBadEveryIsAUsageErrorThatSaysWhatWasExpected() throws {
    do {
      _ = try Arguments.parse(["--exec", "true", "--every", "5x"])
      Issue.record("--every 5x was accepted")
    } catch {
      #expect(error.exitCode == 64)
      #expect(error.description.contains("expected a duration such as 500ms, 10s or 2m"))
    }
  }

  @Test func everyWithoutACommandOrURLIsAUsageError() {
    #expect(throws: AppError.self) { try Arguments.parse(["--every", "5s"]) }
  }

  @Test func everyDefaultsToFiveSecondsForCommandsAndThirtyForURLs() throws {
    guard case .run(let options) = try Arguments.parse(["--exec", "true", "--url", "http://x/"])
    else {
      Issue.record("not the interactive screen")
      return
    }
    #expect(options.interval(for: .exec("true")) == .seconds(5))
    #expect(options.interval(for: .url("http://x/")) == .seconds(30))
    guard case .run(let fast) = try Arguments.parse(["--url", "http://x/", "--every", "1s"])
    else { return }
    #expect(fast.interval(for: .url("http://x/")) == .seconds(1))
  }

  // MARK: - --url-memory and names

  @Test(arguments: [
    ("64MiB", 64 << 20), ("1GiB", 1 << 30), ("100M", 100 << 20), ("2048KiB", 2 << 20),
    ("1.5G", 3 << 29),
  ])
  func urlMemoryReadsBinarySizes(text: String, bytes: Int) throws {
    #expect(try Parse.size(text) == bytes)
  }

  @Test(arguments: ["", "64", "MiB", "-1MiB", "10XiB", "512KiB", "65GiB", "1e3M"])
  func urlMemoryRefusesAnythingElse(text: String) {
    #expect(throws: Parse.Refusal.self) { try Parse.size(text) }
  }

  /// A budget without URL sources holds nothing and is no error, so that a
  /// config file can set it for the runs that have them.
  @Test func urlMemoryIsPassedOnEvenWithoutAURL() throws {
    guard
      case .run(let options) = try Arguments.parse(["--url", "http://x/", "--url-memory", "1GiB"])
    else { return #expect(Bool(false)) }
    #expect(options.urlMemory == 1 << 30)
    guard case .run(let alone) = try Arguments.parse(["--url-memory", "2GiB"]) else {
      return #expect(Bool(false))
    }
    #expect(alone.urlMemory == 2 << 30)
  }

  /// Twenty URLs that differ only in port or path are told apart, each in
  /// 24 columns at most; a password never shows.
  @Test func severalSourcesAreNamedByTheirShortestDistinctForm() {
    let ports = (0..<10).map { SourceSpec.url("http://127.0.0.1:181\($0)3/catalog.json") }
    let paths = (0..<10).map { SourceSpec.url("http://ann:pw@127.0.0.1:18103/catalogs/\($0).json") }
    let specs = ports + paths
    let names = specs.indices.map { SourceChain.shortName(ofSourceAt: $0, in: specs) }
    #expect(Set(names).count == 20, "\(names)")
    #expect(names.allSatisfy { TerminalText.width(of: $0) <= 24 })
    #expect(names[0] == "http://127.0.0.1:18103/…")
    #expect(names[10] == "…/0.json")
    #expect(!names.contains { $0.contains("pw") })
    // Names that fit and differ stay whole; the same name twice is numbered.
    let few = [SourceSpec.exec("date"), .watch("/a/books.json"), .exec("date")]
    #expect(
      few.indices.map { SourceChain.shortName(ofSourceAt: $0, in: few) }
        == ["date #1", "books.json", "date #3"])
  }

  // MARK: - Order

  @Test func sourcesKeepTheOrderTheCommandLineGivesThem() throws {
    let command = try Arguments.parse([
      "--watch", "a.json", "--catalog=b.json", "--url", "http://h/c", "--rate", "fast",
      "--exec", "echo {}", "--catalog", "d.json", "--stream",
    ])
    guard case .run(let options) = command else {
      Issue.record("not the interactive screen: \(command)")
      return
    }
    #expect(
      options.sources == [
        .watch("a.json"), .catalog("b.json"), .url("http://h/c"), .exec("echo {}"),
        .catalog("d.json"), .stream,
      ])
  }

  @Test func renderTakesTheSameSourcesAndTheBundledCatalogWithoutAny() throws {
    let command = try Arguments.parse(["render", "--url", "http://h/", "--catalog", "x.json"])
    #expect(command == .render(RenderOptions(sources: [.url("http://h/"), .catalog("x.json")])))
    #expect(try Arguments.parse(["render"]) == .render(RenderOptions(sources: [.bundled])))
  }

  // MARK: - Namespaces

  private func catalog(_ title: String, rows: [String], section: String = "main") -> Catalog {
    Catalog(
      title: title,
      sections: [
        Section(
          id: section, title: "Section \(section)",
          rows: rows.map { id in
            Row(id: id, title: "Row \(id)", items: [Card(id: "c", title: "Card of \(id)")])
          })
      ])
  }

  @Test func aNamespacePrefixesSectionAndRowIdsButNotCardIds() {
    let content = ShelfContent(
      catalog("A", rows: ["r1", "r2"]), namespace: SourceNamespace(index: 1))
    #expect(content.sections.map(\.id) == ["2:main"])
    #expect(content.sections[0].rows.map(\.id) == ["2:r1", "2:r2"])
    #expect(content.sections[0].rows[0].cards.map(\.id) == ["c"])
    #expect(ShelfContent(catalog("A", rows: ["r1"]), namespace: nil).sections[0].rows[0].id == "r1")
  }

  @Test(arguments: [nil, SourceNamespace(index: 2)])
  func rowsConvertedInParallelKeepTheirSectionsAndOrder(namespace: SourceNamespace?) {
    // Sections of 0 to 9 rows of 0 to 12 cards, some fields missing.
    let catalog = Catalog(
      title: "Many",
      sections: (0..<30).map { s in
        Section(
          id: "s\(s)", title: s.isMultiple(of: 4) ? nil : "S\(s)",
          rows: (0..<(s * 7 % 10)).map { r in
            Row(
              id: "s\(s)r\(r)", title: "Row \(r)",
              items: (0..<((s + r) % 13)).map { c in
                Card(
                  id: "c\(c)", title: "Card \(s).\(r).\(c)",
                  subtitle: c.isMultiple(of: 3) ? nil : "by \(c)", year: 1900 + c,
                  rating: c.isMultiple(of: 2) ? nil : 2.5, summary: c == 1 ? "sum" : nil,
                  tags: Array(repeating: "t", count: c % 3))
              })
          })
      })
    let inPlace = ShelfContent(catalog, namespace: namespace, inParallel: false)
    let parallel = ShelfContent(catalog, namespace: namespace, inParallel: true)
    #expect(parallel == inPlace)
    let prefix = namespace?.prefix ?? ""
    // Rows carry their sections: a section with no rows shows none.
    let shown = catalog.sections.filter { !$0.rows.isEmpty }
    #expect(parallel.sections.map(\.id) == shown.map { prefix + $0.id })
    #expect(
      parallel.sections.flatMap(\.rows).map(\.id) == catalog.rows.map { prefix + $0.id })
    #expect(parallel.sections.map(\.rows.count) == shown.map(\.rows.count))
    let card = parallel.sections[0].rows[5].cards[3]  // s1's
    #expect(
      card
        == CardFace(
          id: "c3", title: "Card 1.5.3", subtitle: "", year: 1903, rating: 2.5, summary: "",
          tags: []))
  }

  /// Two catalogs with the same section and row ids on one screen.
  @MainActor
  private func twoSources(
    titles: (String, String) = ("Books", "Films"), switchQueue: DispatchQueue? = nil
  ) -> SourceChain {
    let catalogs = [catalog(titles.0, rows: ["r1", "r2"]), catalog(titles.1, rows: ["r1", "r3"])]
    return SourceChain(
      specs: [.catalog("books.json"), .watch("films.json")],
      contents: catalogs.indices.map {
        ShelfContent(catalogs[$0], namespace: SourceChain.namespace(ofSourceAt: $0, count: 2))
      }, switchQueue: switchQueue)
  }

  @MainActor
  @Test func idsTwoSourcesShareAreKeptApart() {
    let chain = twoSources()
    let rowIDs = chain.content.sections.flatMap(\.rows).map(\.id)
    #expect(rowIDs == ["1:r1", "1:r2", "2:r1", "2:r3"])
    #expect(Set(rowIDs).count == rowIDs.count)
  }

  @MainActor
  @Test func aChangeOfOneSourceIsADeltaOfItsSectionsOnly() {
    let chain = twoSources()
    var changes = 0
    chain.onChange = { _ in changes += 1 }
    let before = chain.content
    let films = catalog("Films", rows: ["r3", "r4", "r1"])
    chain.update(
      1, with: ShelfContent(films, namespace: SourceNamespace(index: 1)))
    #expect(changes == 1)
    let after = chain.content
    #expect(after.sections[0] == before.sections[0], "the other source's section is as it was")
    let delta = SectionDelta(from: before.sections, to: after.sections)
    #expect(delta.sections.deletions.isEmpty && delta.sections.insertions.isEmpty)
    let touched = Set(
      delta.items.deletions.map(\.section) + delta.items.insertions.map(\.section)
        + delta.items.moves.flatMap { [$0.from.section, $0.to.section] })
    #expect(touched == [1])
    #expect(delta.items.insertions.count == 1 && delta.items.moves.count == 1)
  }

  // MARK: - Tab

  @MainActor
  @Test func tabGoesFromAllSourcesToEachAloneAndBack() {
    let chain = twoSources()
    #expect(chain.canSwitch)
    #expect(chain.scope == "all sources" && chain.title == "Books + Films")
    chain.selectNext()
    #expect(chain.scope == "books.json (1/2)" && chain.title == "Books")
    #expect(chain.content.sections.map(\.id) == ["1:main"])
    chain.selectNext()
    #expect(chain.scope == "films.json (2/2)" && chain.title == "Films")
    chain.selectNext()
    #expect(chain.selectedSource == nil)
    chain.selectPrevious()
    #expect(chain.selectedSource == 1)
  }

  /// As the live app does it: Tab returns at once, the switch takes its delta
  /// back on the main queue, and one overtaken by a later Tab, or by a change
  /// of a source, is dropped.
  @MainActor
  @Test func tabDiffsOffTheMainQueueAndDropsAStaleSwitch() async {
    let chain = twoSources(switchQueue: DispatchQueue(label: "test.switch"))
    var changes: [SourceChange] = []
    chain.onChange = { changes.append($0) }
    let all = chain.content.rows
    chain.selectNext()
    chain.selectNext()
    #expect(chain.selectedSource == nil, "nothing switched on the main queue yet")
    #expect(await eventually { chain.selectedSource == 1 })
    #expect(changes.count == 1, "the first Tab's switch was dropped")
    #expect(chain.scope == "films.json (2/2)")
    let films = chain.content.rows
    #expect(chain.content.sections.map(\.id) == ["2:main"])
    #expect(changes.last?.delta == SectionDelta(sectionBySectionFrom: all, to: films))

    chain.selectNext()
    #expect(await eventually { chain.selectedSource == nil })

    // The books alone while the films gain a section: the switch is diffed
    // again, from all the sources as they are now.
    chain.selectNext()
    var newFilms = catalog("Films", rows: ["r9"])
    newFilms.sections += catalog("Films", rows: ["r8"], section: "more").sections
    chain.update(
      1, with: ShelfContent(newFilms, namespace: SourceNamespace(index: 1)))
    let allNow = chain.content.rows
    #expect(chain.content.sections.map(\.id) == ["1:main", "2:main", "2:more"])
    #expect(await eventually { chain.selectedSource == 0 })
    let books = chain.content.rows
    #expect(changes.last?.delta == SectionDelta(sectionBySectionFrom: allNow, to: books))
  }

  @MainActor
  @Test func withOneSourceTabDoesNothingAndTheHeaderSaysNoScope() {
    let chain = SourceChain(
      specs: [.catalog("a.json")], contents: [ShelfContent(catalog("A", rows: ["r"]))])
    #expect(!chain.canSwitch && chain.scope == nil)
    chain.selectNext()
    #expect(chain.selectedSource == nil)
    #expect(chain.content.sections[0].rows[0].id == "r", "a single source keeps its ids")
  }

  @MainActor
  @Test func aLongListOfTitlesBecomesACount() {
    let chain = twoSources(titles: ("The Complete Works of Shakespeare", "Films"))
    #expect(chain.title == "2 catalogs")
  }

  /// Tab from all sources to the first alone, as frames at fixed ticks: the
  /// second source's section collapses, the header says which source shows.
  @MainActor
  @Test func tabAnimatesFromAllSourcesToOneAlone() {
    let chain = twoSources()
    var configuration = ScreenConfiguration()
    configuration.framesPerSecond = 10
    let screen = ShelfScreen(
      content: chain.content, configuration: configuration, updates: .immediate)
    screen.sourceScope = chain.scope
    screen.canSwitchSources = chain.canSwitch
    chain.onChange = { _ in
      screen.sourceScope = chain.scope
      screen.setContent(chain.content)
    }
    let size = Size(width: 80, height: 24)
    var frames = [screen.render(size: size, now: 0)]
    #expect(screen.handle(.tab, size: size) == .nextSource)
    chain.selectNext()
    var now: UInt64 = 0
    while let deadline = screen.nextFrameDeadline(now: now), frames.count < 40 {
      now = max(deadline, now + 1)
      frames.append(screen.render(size: size, now: now))
    }
    #expect(frames.count > 3, "the switch animates")
    #expect(TextBackend.text(of: frames[0]).contains("Books + Films · all sources"))
    #expect(TextBackend.text(of: frames.last!).contains("Books · books.json (1/2)"))
    expectGolden(TextBackend.transcript(of: frames) + "\n", named: "tab-to-one-source-80x24")
  }

  @MainActor
  @Test func theKeyHintOffersTabOnlyWithSeveralSources() {
    let screen = ShelfScreen(
      content: ShelfContent(title: "A", sections: []), configuration: ScreenConfiguration(),
      updates: .immediate)
    let size = Size(width: 100, height: 24)
    #expect(!TextBackend.text(of: screen.render(size: size, now: 0)).contains("Tab"))
    #expect(screen.handle(.tab, size: size) == .none)
    screen.canSwitchSources = true
    #expect(TextBackend.text(of: screen.render(size: size, now: 0)).contains("Tab sources"))
    #expect(screen.handle(.backTab, size: size) == .previousSource)
  }
}
