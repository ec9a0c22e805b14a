import PropertyBased
import ShelfChain
import ShelfDiff
import TestSupport
import Testing

/// Random versions at the roots of random chains, each given with a delta
/// that is often wrong (a change dropped, duplicated or shifted, or all of
/// them dropped): the store reports every wrong one and no right one, and
/// no link and no holder at the end ever sees one.
@Suite(.timeLimit(.minutes(2))) struct RootDeltaCheckConcurrencyTests {
  @Test(arguments: TransformKind.allCases)
  func everyWrongRootDeltaIsReportedAndReplacedBeforeAnyLinkSeesIt(kind: TransformKind) async {
    var wrong = 0
    await propertyCheck(count: 8, input: chainCases(depths: 1...5)) { chain in
      let harness = ChainHarness(draws: chain.draws, topKind: kind, depth: chain.depth)
      let holder = CollectionSectionData<Row>()
      let counter = RejectionCounter()
      holder.calculationDelegate = counter
      holder.follow(harness.top.source)
      await settle(holder, on: harness.top.source.sections)
      for _ in 0..<25 {
        harness.stepWithSuppliedDelta()
        await settle(holder, on: harness.top.source.sections)
      }
      // Every delta each link told replays exactly, and each link's output
      // is the from-scratch computation, with no link falling back.
      #expect(harness.failures.isEmpty, "\(harness.failures.prefix(3))")
      #expect(harness.inconsistencies().isEmpty, "\(harness.inconsistencies())")
      #expect(harness.reportedDeltas == harness.wrongDeltas)
      #expect(harness.stores.map(\.rejectedDeltaCount).reduce(0, +) == harness.wrongDeltas)
      #expect(holder.sections == harness.top.source.sections)
      #expect(holder.sections == harness.top.expected())
      #expect(counter.issues.isEmpty, "\(counter.issues)")
      wrong += harness.wrongDeltas
    }
    #expect(wrong >= 40, "only \(wrong) wrong deltas for \(kind)")
  }
}

struct RootDeltaCheckTests {
  /// Found by the property check above, shrunk: a move into an inserted
  /// section, to the wrong place in it, passed the store's check.
  @Test func aMoveIntoAnInsertedSectionToTheWrongPlaceIsReported() {
    let old = [Row(id: "a", title: "", items: [Card(id: "x", value: 0)])]
    let store = SectionStore(old)
    let new = [
      Row(id: "b", title: "", items: [Card(id: "y", value: 0)]),
      Row(id: "a", title: "", items: []),
      Row(id: "c", title: "", items: [Card(id: "x", value: 0), Card(id: "z", value: 0)]),
    ]
    let right = SectionDelta(from: old, to: new)
    #expect(
      right.items.moves == [.init(from: .init(section: 0, item: 0), to: .init(section: 2, item: 0))]
    )
    var wrong = right
    wrong.items.moves[0].to = ItemPath(section: 2, item: 1)
    var told: [SourceChange] = []
    store.observe { told.append($0) }
    store.update(new, delta: wrong)
    #expect(store.rejectedDeltaCount == 1)
    #expect(told == [.delta(right, isRediffed: true)])
  }

  /// The issue's two cases: an empty delta for a change that touched two
  /// sections, and a delta that omits one reload.
  @Test func aDeltaOmittingChangesIsReportedAndTheFilterAfterItStaysCurrent() {
    let old = [
      Row(id: "a", title: "", items: [Card(id: "x", value: 1), Card(id: "y", value: 2)]),
      Row(id: "b", title: "", items: [Card(id: "z", value: 3)]),
    ]
    let store = SectionStore(old)
    var reported: [SectionDelta] = []
    store.onRejectedDelta = { reported.append($0) }
    let filter = ItemFilter(store) { $0.value != 0 }
    var new = old
    new[0].items[1].value = 5
    new[1].items.append(Card(id: "w", value: 4))
    store.update(new, delta: SectionDelta())
    #expect(filter.sections == filter.expectedSections)
    #expect(filter.sections == new)

    var newer = new
    newer[0].items[0].value = 0
    newer[1].items[0].value = 9
    var omitting = SectionDelta(from: new, to: newer)
    #expect(omitting.items.reloads.count == 2)
    omitting.items.reloads.removeLast()
    store.update(newer, delta: omitting)
    #expect(filter.sections == filter.expectedSections)
    #expect(store.rejectedDeltaCount == 2)
    #expect(reported == [SectionDelta(), omitting])

    // A right delta passes unreported, as it is.
    var newest = newer
    newest[1].items.removeFirst()
    let right = SectionDelta(from: newer, to: newest)
    var told: [SourceChange] = []
    store.observe { told.append($0) }
    store.update(newest, delta: right)
    #expect(told == [.delta(right, isRediffed: false)])
    #expect(store.rejectedDeltaCount == 2)
    #expect(filter.sections == filter.expectedSections)
  }

  /// A trusted delta is read for its placement only: one that fits the
  /// counts passes to the filter after the store, one that does not is
  /// rejected and replaced by a diff, as an untrusted one is.
  @Test func aTrustedDeltaIsCheckedForItsCountsOnly() {
    let old = [
      Row(id: "a", title: "", items: [Card(id: "x", value: 1), Card(id: "y", value: 2)]),
      Row(id: "b", title: "", items: [Card(id: "z", value: 3)]),
    ]
    let store = SectionStore(old)
    let filter = ItemFilter(store) { $0.value != 0 }
    var told: [SourceChange] = []
    store.observe { told.append($0) }
    var new = old
    new[0].items.swapAt(0, 1)
    new[1].items.append(Card(id: "w", value: 4))
    let right = SectionDelta(sectionBySectionFrom: old, to: new)
    store.update(new, trustedDelta: right)
    #expect(told == [.delta(right, isRediffed: false)])
    #expect(filter.sections == new && store.rejectedDeltaCount == 0)

    var newer = new
    newer[1].items.removeAll()
    store.update(newer, trustedDelta: SectionDelta())  // two cards too many
    #expect(store.rejectedDeltaCount == 1)
    #expect(told.last == .delta(SectionDelta(from: new, to: newer), isRediffed: true))
    #expect(filter.sections == filter.expectedSections)
  }
}
