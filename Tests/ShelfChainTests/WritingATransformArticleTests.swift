import ShelfChain
import ShelfDiff
import TestSupport
import Testing

// The code of ShelfChain.docc/WritingATransform.md, compiled and run: the
// article's blocks, in order, with the checks its comments promise.

@Test func theWritingATransformArticlesCodeIsThisFilesCode() {
  expectArticleCodeIsCompiled(article: "Sources/ShelfChain/ShelfChain.docc/WritingATransform.md")
}

struct Song: Identifiable, Equatable, Sendable {
  var id: String
  var plays: Int
}

struct Album: ChainableSection {
  var id: String
  var title: String
  var items: [Song]
  func hasSameHeader(as other: Album) -> Bool { id == other.id && title == other.title }
}

final class Reversed<Section: ChainableSection>: SectionSource {
  private let core: LinkCore<Section, Section>
  var sections: [Section] { core.sections }
  var fallbackCount: Int { core.fallbackCount }

  init(_ upstream: any SectionSource<Section>) {
    core = LinkCore(upstream, sections: Self.recomputed(upstream.sections))
    core.start(self) { link, change in link.upstreamDidChange(change) }
  }

  static func recomputed(_ upstream: [Section]) -> [Section] {
    upstream.map { section in
      var section = section
      section.items.reverse()
      return section
    }
  }

  @discardableResult
  func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    core.observe(observer)
  }
}

extension Reversed {
  private func upstreamDidChange(_ change: SourceChange) {
    switch core.read(change, recomputed: Self.recomputed) {
    case .handled(let change):
      core.send(change)
    case .delta(let delta, let isRediffed):
      let translated = Self.translated(
        delta, oldCounts: core.oldUpstreamCounts, newCounts: core.upstreamCounts)
      core.setSections(Self.recomputed(core.upstream.sections))
      core.send(.delta(translated, isRediffed: isRediffed))
    }
  }

  static func translated(
    _ delta: SectionDelta, oldCounts: [Int], newCounts: [Int]
  ) -> SectionDelta {
    func old(_ path: ItemPath) -> ItemPath {
      ItemPath(section: path.section, item: oldCounts[path.section] - 1 - path.item)
    }
    func new(_ path: ItemPath) -> ItemPath {
      ItemPath(section: path.section, item: newCounts[path.section] - 1 - path.item)
    }
    var result = delta
    result.items.deletions = delta.items.deletions.map(old).sorted()
    result.items.insertions = delta.items.insertions.map(new).sorted()
    result.items.moves = delta.items.moves.map { .init(from: old($0.from), to: new($0.to)) }
      .sorted { $0.from < $1.from }
    result.items.reloads = delta.items.reloads.map { .init(from: old($0.from), to: new($0.to)) }
      .sorted { $0.from < $1.from }
    result.items.duplicates = delta.items.duplicates.map {
      .init(
        id: $0.id, oldPaths: $0.oldPaths.map(old).sorted(), newPaths: $0.newPaths.map(new).sorted())
    }
    return result
  }
}

@Test func reversedMatchesTheOracle() {
  let store = SectionStore([
    Album(id: "a", title: "A", items: []), Album(id: "b", title: "B", items: []),
  ])
  let reversed = Reversed(store)
  var last = reversed.sections
  var failures: [String] = []
  reversed.observe { change in
    let new = reversed.sections
    defer { last = new }
    if new != Reversed.recomputed(store.sections) { failures.append("stale: \(change)") }
    guard let delta = change.delta else { return }
    let fits = delta.isValid(
      oldItemCounts: last.map(\.items.count), newItemCounts: new.map(\.items.count))
    if !fits || delta.applied(to: last, with: new, items: \.items) != new {
      failures.append("wrong: \(delta)")
    }
  }
  var seed: UInt64 = 7
  func random(_ bound: Int) -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(seed >> 33) % bound
  }
  for step in 0..<300 {
    var albums = store.sections
    let a = random(2)
    let count = albums[a].items.count
    switch random(4) {
    case 0 where count > 0: albums[a].items.remove(at: random(count))
    case 1 where count > 0: albums[1 - a].items.append(albums[a].items.remove(at: random(count)))
    case 2 where count > 0: albums[a].items[random(count)].plays += 1
    default: albums[a].items.insert(Song(id: "s\(step)", plays: 0), at: random(count + 1))
    }
    store.update(albums)
  }
  #expect(failures.isEmpty, "\(failures.prefix(3))")
  #expect(reversed.fallbackCount == 0)
  #expect(reversed.sections.map(\.items.count).reduce(0, +) > 10)
}
