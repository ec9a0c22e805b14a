import ShelfChain
import ShelfDiff
import Testing

/// Records what a source tells its observers.
final class ChangeRecorder {
  private(set) var changes: [SourceChange] = []

  init(_ source: some SectionSource) {
    source.observe { [unowned self] change in changes.append(change) }
  }

  var last: SourceChange? { changes.last }
}

private func row(_ id: String, _ values: [Int], title: String = "") -> Row {
  Row(id: id, title: title, items: values.map { Card(id: "\(id)\($0)", value: $0) })
}

@Suite struct TransformTests {
  @Test func aFilterTranslatesAnInsertionIntoItsOwnIndices() {
    let store = SectionStore([row("a", [1, 2, 3, 4])])
    let odd = ItemFilter(store) { $0.value % 2 == 1 }
    let recorder = ChangeRecorder(odd)
    store.update([row("a", [1, 2, 3, 5, 4])])
    #expect(odd.sections == [row("a", [1, 3, 5])])
    #expect(
      recorder.last
        == .delta(
          SectionDelta(items: .init(insertions: [ItemPath(section: 0, item: 2)])), isRediffed: false
        ))
  }

  /// Items that change order as they are edited come out of a section in
  /// their new order; the filter's delta still lists them as documented:
  /// deletions ascending, reloads and moves by ascending old path.
  @Test func aFilterListsChangesInOrderWhenItemsAlsoChangeOrder() {
    func card(_ id: Int, _ value: Int) -> Card { Card(id: "a\(id)", value: value) }
    let store = SectionStore([Row(id: "a", title: "", items: (1...6).map { card($0, $0) })])
    let shown = ItemFilter(store) { $0.value > 0 }
    let recorder = ChangeRecorder(shown)
    let before = shown.sections
    // 4 and 3 are hidden, 6 and 5 edited, and the order reversed.
    store.update([
      Row(
        id: "a", title: "",
        items: [card(6, 9), card(5, 8), card(4, 0), card(3, 0), card(2, 2), card(1, 1)])
    ])
    #expect(
      shown.sections == [
        Row(id: "a", title: "", items: [card(6, 9), card(5, 8), card(2, 2), card(1, 1)])
      ])
    guard case .delta(let delta, isRediffed: false)? = recorder.last else {
      return #expect(Bool(false), "\(recorder.changes)")
    }
    #expect(
      delta.items.deletions == [ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 3)])
    #expect(
      delta.items.reloads.map(\.from) == [
        ItemPath(section: 0, item: 4), ItemPath(section: 0, item: 5),
      ])
    #expect(delta.items.moves.map(\.from) == delta.items.moves.map(\.from).sorted())
    #expect(
      delta.items.moves.count == SectionDelta(from: before, to: shown.sections).items.moves.count)
  }

  @Test func aNewPredicateAnimatesWithoutDiffing() {
    let store = SectionStore([row("a", [1, 2, 3, 4])])
    let filter = ItemFilter(store) { $0.value <= 2 }
    let recorder = ChangeRecorder(filter)
    filter.predicate = { $0.value >= 2 }
    #expect(filter.sections == [row("a", [2, 3, 4])])
    #expect(
      recorder.last
        == .delta(
          SectionDelta(
            items: .init(
              deletions: [ItemPath(section: 0, item: 0)],
              insertions: [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)])),
          isRediffed: false))
  }

  @Test func theEmptySectionFilterDeletesASectionThatEmpties() {
    let store = SectionStore([row("a", [1]), row("b", [2])])
    let chain = EmptySectionFilter(ItemFilter(store) { $0.value != 1 })
    #expect(chain.sections.map(\.id) == ["b"])
    let recorder = ChangeRecorder(chain)
    store.update([row("a", [1, 3]), row("b", [2])])
    #expect(chain.sections.map(\.id) == ["a", "b"])
    #expect(recorder.last?.delta == SectionDelta(sections: IndexDelta(insertions: [0])))
  }

  @Test func aPlaceholderSectionStandsInWhileUpstreamHasNoSections() {
    let store = SectionStore([row("a", [1])])
    let message = row("none", [], title: "No matches")
    let chain = Placeholder(
      EmptySectionFilter(ItemFilter(store) { $0.value > 5 }), .section(message))
    #expect(chain.sections == [message])
    let recorder = ChangeRecorder(chain)
    store.update([row("a", [1, 7])])
    #expect(chain.sections.map(\.id) == ["a"])
    #expect(
      recorder.last?.delta == SectionDelta(sections: IndexDelta(deletions: [0], insertions: [0])))
  }

  @Test func anInsertedSectionAnimatesWhenShownAndHidden() {
    let store = SectionStore([row("a", [1]), row("b", [2])])
    let recent = Insert(store, .section(row("recent", [9]), at: 0), isShown: false)
    let recorder = ChangeRecorder(recent)
    recent.isShown = true
    #expect(recent.sections.map(\.id) == ["recent", "a", "b"])
    #expect(recorder.last?.delta == SectionDelta(sections: IndexDelta(insertions: [0])))
    store.update([row("b", [2]), row("a", [1])])
    #expect(recent.sections.map(\.id) == ["recent", "b", "a"])
    #expect(recorder.last?.delta?.sections.moves.count == 1)
    recent.isShown = false
    #expect(recorder.last?.delta == SectionDelta(sections: IndexDelta(deletions: [0])))
  }

  @Test func concatShiftsEachSourcesDeltaPastTheSectionsBeforeIt() {
    let first = SectionStore([row("a", [1]), row("b", [2])])
    let second = SectionStore([row("c", [3])])
    let both = Concat([first, second])
    let recorder = ChangeRecorder(both)
    second.update([row("c", [3, 4])])
    #expect(
      recorder.last?.delta
        == SectionDelta(items: .init(insertions: [ItemPath(section: 2, item: 1)])))
  }

  @Test func flattenTurnsAMoveBetweenAdjacentSectionsIntoNoMove() {
    let store = SectionStore([row("a", [1, 2]), row("b", [3])])
    let flat = Flatten(store, into: row("all", []))
    let recorder = ChangeRecorder(flat)
    store.update([
      Row(id: "a", title: "", items: [Card(id: "a1", value: 1)]),
      Row(id: "b", title: "", items: [Card(id: "a2", value: 2), Card(id: "b3", value: 3)]),
    ])
    #expect(flat.sections.count == 1)
    #expect(recorder.last?.delta?.isEmpty == true)
  }

  @Test func aMapDropsReloadsItsTransformHides() {
    let store = SectionStore([row("a", [2, 4])])
    let halves = ItemMap(store) { Card(id: $0.id, value: $0.value / 2) }
    let recorder = ChangeRecorder(halves)
    store.update([
      Row(id: "a", title: "", items: [Card(id: "a2", value: 3), Card(id: "a4", value: 6)])
    ])
    #expect(halves.sections.first?.items.map(\.value) == [1, 3])
    #expect(
      recorder.last?.delta?.items.reloads == [
        .init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1))
      ])
  }

  @Test func aSwitchDiffsOnlyWhenTheSourceChanges() {
    let books = SectionStore([row("a", [1])])
    let films = SectionStore([row("b", [2])])
    let tabs = SourceSwitch([books, films])
    let recorder = ChangeRecorder(tabs)
    films.update([row("b", [2, 3])])
    #expect(recorder.changes.isEmpty)
    tabs.selectedIndex = 1
    #expect(tabs.sections.map(\.id) == ["b"])
    guard case .delta(_, let isRediffed)? = recorder.last else { return #expect(Bool(false)) }
    #expect(isRediffed)
    books.update([])
    #expect(recorder.changes.count == 1)
  }

  @Test func aDeltaThatDoesNotFitFallsBackToDiffingAndSaysSo() {
    let store = UncheckedSource([row("a", [1, 2])])
    let filter = ItemFilter(store) { _ in true }
    let recorder = ChangeRecorder(filter)
    // A delta that claims an insertion the new sections do not have.
    store.update(
      [row("a", [1, 2])],
      delta: SectionDelta(items: .init(insertions: [ItemPath(section: 0, item: 5)])))
    #expect(filter.fallbackCount == 1)
    #expect(recorder.last == .delta(SectionDelta(), isRediffed: true))
  }

  @Test func aReloadPassesDownTheChain() {
    let store = SectionStore([row("a", [1, 2])])
    let chain = ItemMap(EmptySectionFilter(ItemFilter(store) { $0.value > 1 })) { $0 }
    let recorder = ChangeRecorder(chain)
    store.reload([row("b", [3])])
    #expect(recorder.changes == [.reload])
    #expect(chain.sections == [row("b", [3])])
  }
}

/// A delta that reloads one item twice does not fit: the store replaces it
/// with a diff, and no link sees the repeat.
@Test func aStoreReplacesADeltaReloadingAnItemTwice() {
  let store = SectionStore([row("a", [1, 2, 3])])
  let filter = ItemFilter(store) { _ in true }
  let map = ItemMap(filter) { $0 }
  let recorder = ChangeRecorder(map)
  var edited = store.sections
  edited[0].items[1].value = 7
  let reload = SectionDelta.Items.Reload(
    from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1))
  store.update(edited, delta: SectionDelta(items: .init(reloads: [reload, reload])))
  #expect(store.rejectedDeltaCount == 1)
  #expect(filter.fallbackCount == 0)
  #expect(map.sections == edited)
  #expect(recorder.last == .delta(SectionDelta(items: .init(reloads: [reload])), isRediffed: true))
}

/// Placements keep reloads as a list: given a delta that reloads one item
/// twice by a source that does not check it, links fall back instead of
/// passing the repeat on.
@Test func aDeltaReloadingAnItemTwiceIsRediffedNotPassedOn() {
  let store = UncheckedSource([row("a", [1, 2, 3])])
  let filter = ItemFilter(store) { _ in true }
  let map = ItemMap(filter) { $0 }
  let recorder = ChangeRecorder(map)
  var edited = store.sections
  edited[0].items[1].value = 7
  let reload = SectionDelta.Items.Reload(
    from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1))
  store.update(edited, delta: SectionDelta(items: .init(reloads: [reload, reload])))
  #expect(filter.fallbackCount == 1)
  #expect(map.sections == edited)
  #expect(recorder.last == .delta(SectionDelta(items: .init(reloads: [reload])), isRediffed: true))
}

/// What a test needs of one link: the link, its fallback count and its
/// output recomputed from upstream.
private struct LinkUnderTest {
  var source: any SectionSource<Row>
  var fallbacks: () -> Int
  var expected: () -> [Row]

  /// Link number `kind` of the ones that map changes themselves, on `store`.
  init(_ kind: Int, on store: any SectionSource<Row>) {
    switch kind {
    case 0:
      let link = ItemMap(store) { Card(id: $0.id, value: $0.value * 2) }
      (source, fallbacks, expected) = (link, { link.fallbackCount }, { link.expectedSections })
    case 1:
      let link = Placeholder(store, .item { Card(id: "ph-" + $0.id, value: 0) })
      (source, fallbacks, expected) = (link, { link.fallbackCount }, { link.expectedSections })
    case 2:
      let link = Placeholder(store, .section(row("none", [])))
      (source, fallbacks, expected) = (link, { link.fallbackCount }, { link.expectedSections })
    case 3:
      let link = EmptySectionFilter(store)
      (source, fallbacks, expected) = (link, { link.fallbackCount }, { link.expectedSections })
    case 4:
      let link = Flatten(store, into: row("all", []))
      (source, fallbacks, expected) = (link, { link.fallbackCount }, { link.expectedSections })
    case 5:
      let link = ItemFilter(store) { $0.value != 2 }
      (source, fallbacks, expected) = (link, { link.fallbackCount }, { link.expectedSections })
    case 6:
      // After another source's sections, so that its changes are shifted.
      let link = Concat([SectionStore([row("x", [8])]), store])
      (source, fallbacks, expected) = (link, { link.fallbackCount }, { link.expectedSections })
    default:
      let link = Insert(store, .section(row("top", [9]), at: 0))
      (source, fallbacks, expected) = (link, { link.fallbackCount }, { link.expectedSections })
    }
  }
}

/// A delta whose sections do not fit (an insertion past the end) cannot be
/// mapped by any link: each recomputes its output, counts the fallback and
/// tells the diff of its old and new output, marked as re-diffed.
@Test(arguments: 0..<8)
func aSectionDeltaThatDoesNotFitIsRediffedByEveryLink(kind: Int) {
  let store = UncheckedSource([row("a", [1, 2]), row("b", []), row("c", [3])])
  let link = LinkUnderTest(kind, on: store)
  let recorder = ChangeRecorder(link.source)
  // A link downstream reads the output as it is told of the change.
  let downstream = ItemMap(link.source) { $0 }
  let old = link.source.sections
  store.update(
    [row("c", [3, 4]), row("b", [5]), row("d", [])],
    delta: SectionDelta(sections: IndexDelta(insertions: [7])))
  #expect(link.fallbacks() == 1)
  #expect(link.source.sections == link.expected())
  #expect(link.source.sections != old)
  #expect(downstream.sections == link.source.sections)
  #expect(
    recorder.changes
      == [.delta(SectionDelta(from: old, to: link.source.sections), isRediffed: true)])
}

/// After a fallback a link reads upstream's changes against the counts of
/// the sections it recomputed from: the next delta that fits is translated,
/// not re-diffed, and a reload is told as a reload.
@Test(arguments: 0..<8)
func aLinkTranslatesTheDeltaAfterAFallback(kind: Int) {
  let store = UncheckedSource([row("a", [1, 2]), row("b", []), row("c", [3])])
  let link = LinkUnderTest(kind, on: store)
  let recorder = ChangeRecorder(link.source)
  store.update(
    [row("c", [3, 4]), row("b", [5]), row("d", [])],
    delta: SectionDelta(sections: IndexDelta(insertions: [7])))
  #expect(link.fallbacks() == 1)
  let old = link.source.sections
  // Item 6 inserted at the end of section 0, item 4 deleted from it.
  store.update(
    [row("c", [3, 6]), row("b", [5]), row("d", [])],
    delta: SectionDelta(
      items: .init(
        deletions: [ItemPath(section: 0, item: 1)], insertions: [ItemPath(section: 0, item: 1)])))
  #expect(link.fallbacks() == 1)
  #expect(link.source.sections == link.expected())
  guard case .delta(let delta, let isRediffed)? = recorder.last else {
    return #expect(Bool(false), "no delta told")
  }
  #expect(!isRediffed)
  #expect(
    delta.applied(to: old, with: link.source.sections, items: \.items) == link.source.sections)
  store.reload([row("e", [7])])
  #expect(recorder.last == .reload)
  #expect(link.source.sections == link.expected())
  #expect(link.fallbacks() == 1)
}
