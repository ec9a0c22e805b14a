import ShelfChain
import ShelfDiff
import TestSupport
import Testing

/// Random upstream changes through random chains of depth 1 to 5, the top
/// link of each kind in turn: every delta every link emits replays its
/// previous output into its new one exactly and moves no more than a re-diff;
/// every link ends equal to recomputing it, without falling back. Serialized:
/// CPU-bound, it leaves a core to the timing-sensitive live-holder tests.
@Suite(.serialized) struct ChainPropertyTests {
  @Test(arguments: TransformKind.allCases)
  func everyEmittedDeltaReplaysExactlyAndMovesNoMoreThanARediff(kind: TransformKind) {
    var exercised = 0
    for seed in 0..<16 as Range<UInt64> {
      let harness = ChainHarness(
        seed: seed &* 31 &+ UInt64(TransformKind.allCases.firstIndex(of: kind)!),
        topKind: kind, depth: 1 + Int(seed % 5))
      for _ in 0..<25 { harness.step() }
      #expect(harness.failures.isEmpty, "seed \(seed): \(harness.failures.prefix(3))")
      #expect(harness.inconsistencies().isEmpty, "seed \(seed): \(harness.inconsistencies())")
      exercised += harness.nonEmptyDeltas[kind] ?? 0
    }
    #expect(exercised > 16, "\(kind) emitted only \(exercised) non-empty deltas")
  }

  @Test func chainsTranslateWithoutRediffingExceptAtSwitches() {
    for seed in 0..<8 as Range<UInt64> {
      let harness = ChainHarness(seed: seed, topKind: .filter, depth: 5)
      for _ in 0..<30 { harness.step() }
      let hasSwitch = harness.nodes.contains { $0.kind == .switcher }
      if !hasSwitch { #expect(harness.rediffedDeltas == 0, "seed \(seed)") }
    }
  }
}
