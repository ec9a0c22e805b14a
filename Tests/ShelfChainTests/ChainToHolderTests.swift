import PropertyBased
import ShelfChain
import ShelfDiff
import Synchronization
import TestSupport
import Testing

/// Counts what a live holder reports, from any thread.
final class RejectionCounter: CollectionDataCalculationDelegate {
  private let counts = Mutex((checks: 0, issues: [CollectionDataIssue]()))

  var checks: Int { counts.withLock { $0.checks } }
  var issues: [CollectionDataIssue] { counts.withLock { $0.issues } }

  func collectionDataDidBeginCalculating(_ collectionData: AnyObject) {
    counts.withLock { $0.checks += 1 }
  }

  func collectionDataDidEndCalculating(_ collectionData: AnyObject) {}

  func collectionData(_ collectionData: AnyObject, didReport issue: CollectionDataIssue) {
    counts.withLock { $0.issues.append(issue) }
  }
}

/// Waits until `holder` has applied everything queued so far: one more
/// update of the same sections queues behind the others and completes last.
/// Waiting after each change keeps a followed source's deltas from
/// coalescing, so every one of them is replay-checked.
func settle(_ holder: CollectionSectionData<Row>, on sections: [Row]) async {
  await holder.updateAndWait(sections)
}

@Suite(.timeLimit(.minutes(3))) struct ChainToHolderConcurrencyTests {
  @Test func aHolderFollowingAChainTakesEveryDeltaWithoutRejectingOne() async {
    let kinds = Gen.int(in: 0...TransformKind.allCases.count - 1)
    await propertyCheck(count: 6, input: kinds, chainCases(depths: 3...5)) { kind, chain in
      let harness = ChainHarness(
        draws: chain.draws, topKind: TransformKind.allCases[kind], depth: chain.depth)
      let holder = CollectionSectionData<Row>()
      let counter = RejectionCounter()
      holder.calculationDelegate = counter
      holder.follow(harness.top.source)
      await settle(holder, on: harness.top.source.sections)
      for _ in 0..<20 {
        harness.step()
        await settle(holder, on: harness.top.source.sections)
      }
      #expect(holder.sections == harness.top.source.sections)
      #expect(counter.issues.isEmpty, "\(counter.issues)")
      #expect(counter.checks >= 20)
    }
  }

  @Test func cancellingTheTokenOfFollowStopsTheHolderFollowing() async {
    let first = [Row(id: "a", title: "", items: [Card(id: "x", value: 1)])]
    let store = SectionStore(first)
    let holder = CollectionSectionData<Row>()
    let following = holder.follow(store)
    store.update(first + [Row(id: "b", title: "", items: [])])
    await settle(holder, on: store.sections)
    #expect(holder.sections == store.sections)
    following.cancel()
    #expect(following.isCancelled)
    let followed = store.sections
    store.update([])
    await holder.updateAndWait(holder.sections)  // anything still queued has arrived
    #expect(holder.sections == followed)
    // Another source can be followed instead.
    let other = SectionStore([Row(id: "c", title: "", items: [])])
    holder.follow(other)
    other.update([])
    await settle(holder, on: other.sections)
    #expect(holder.sections.isEmpty)
  }

  @Test func aWrongDeltaStopsAtTheStoreAndTheHolderGetsItsDiff() async {
    let store = SectionStore([Row(id: "a", title: "", items: [Card(id: "x", value: 1)])])
    let holder = CollectionSectionData<Row>()
    let counter = RejectionCounter()
    holder.calculationDelegate = counter
    holder.follow(store)
    await settle(holder, on: store.sections)
    // A delta that does not fit stops at the store, which says so; what
    // follows it gets the diff in its place.
    store.update(
      [Row(id: "a", title: "", items: [])],
      delta: SectionDelta(items: .init(insertions: [ItemPath(section: 0, item: 0)])))
    await settle(holder, on: store.sections)
    #expect(holder.sections == store.sections)
    #expect(store.rejectedDeltaCount == 1)
    #expect(counter.issues.isEmpty, "\(counter.issues)")
  }
}
