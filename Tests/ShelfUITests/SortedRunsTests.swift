import PropertyBased
import TestSupport
import Testing

@testable import ShelfUI

/// An element sorted by `key` alone, `tag` telling copies of a key apart.
private struct Tagged: Equatable, Sendable {
  var key: Int
  var tag: Int
}

/// Runs merged on every core are what a stable sort of the runs one after
/// another gives, whatever the runs (empty ones, one, many, keys tied
/// within and across runs) and however many pieces each level is cut into.
@Test func mergedRunsAreTheStableSortOfTheirConcatenation() async {
  await propertyCheck(count: 300, input: Gen.draws(512)) { draws in
    var rng = draws
    var tag = 0
    let runs = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
      (0..<Int.random(in: 0...40, using: &rng)).map { _ in
        tag += 1
        return Tagged(key: Int.random(in: 0...6, using: &rng), tag: tag)
      }.sorted { $0.key < $1.key }
    }
    let pieces = Int.random(in: 1...20, using: &rng)
    let merged = SortedRuns.merged(runs, pieces: pieces) { $0.key < $1.key }
    #expect(merged == runs.joined().sorted { $0.key < $1.key }, "\(runs) in \(pieces) pieces")
  }
}

/// As `shelf --filter` merges its runs: sixty-four of them, each level cut
/// into sixteen pieces.
@Test func sixtyFourRunsMergeInOrder() {
  var rng = SeededGenerator(seed: 39)
  let runs = (0..<64).map { _ in
    (0..<Int.random(in: 0...300, using: &rng)).map { _ in
      Int.random(in: 0..<5_000, using: &rng)
    }.sorted()
  }
  #expect(SortedRuns.merged(runs, by: <) == runs.joined().sorted())
}
