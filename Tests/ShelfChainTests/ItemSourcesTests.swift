import ShelfDiff
import TestSupport
import Testing

@testable import ShelfChain

/// `ItemSources` keeps each item's old path in one word: every path a
/// section can hold, and none, reads back as it was written.
@Suite struct ItemSourcesTests {
  @Test func pathsAndNoneReadBackAsWritten() {
    var rng = SeededGenerator(seed: 7)
    var paths: [ItemPath?] = [
      nil, ItemPath(section: 0, item: 0), ItemPath(section: 0, item: Int(UInt32.max)),
      ItemPath(section: Int(UInt32.max) - 1, item: 0),
    ]
    for _ in 0..<1_000 {
      paths.append(
        Bool.random(using: &rng)
          ? nil
          : ItemPath(
            section: Int.random(in: 0..<1_000_000, using: &rng),
            item: Int.random(in: 0..<1_000_000, using: &rng)))
    }
    let sources = ItemSources(paths)
    #expect(Array(sources) == paths)
    #expect(sources.count == paths.count)

    var written = ItemSources(repeating: nil, count: paths.count)
    for (i, path) in paths.enumerated().reversed() { written[i] = path }
    #expect(written == sources)
    written[1] = nil
    #expect(written[1] == nil)
    #expect(written != sources)
    #expect(
      ItemSources(repeating: ItemPath(section: 3, item: 4), count: 2).elementsEqual(
        [ItemPath(section: 3, item: 4), ItemPath(section: 3, item: 4)]))
  }
}
