import ShelfChain
import ShelfDiff
import Testing

@Suite struct ObservationTokenTests {
  private static func row(_ values: [Int]) -> Row {
    Row(id: "a", title: "", items: values.map { Card(id: "c\($0)", value: $0) })
  }

  @Test func aCancelledObserverHearsOfNoMoreChanges() {
    let store = SectionStore([Self.row([1])])
    let map = ItemMap(ItemFilter(store) { $0.value > 0 }) { $0 }
    var storeChanges = 0
    var mapChanges = 0
    let storeToken = store.observe { _ in storeChanges += 1 }
    let mapToken = map.observe { _ in mapChanges += 1 }
    store.update([Self.row([1, 2])])
    #expect(storeChanges == 1 && mapChanges == 1)
    mapToken.cancel()
    #expect(mapToken.isCancelled && !storeToken.isCancelled)
    store.update([Self.row([1, 2, 3])])
    store.reload([Self.row([4])])
    #expect(storeChanges == 3)
    #expect(mapChanges == 1)
    #expect(map.sections == [Self.row([4])])
    storeToken.cancel()
    storeToken.cancel()
    store.update([Self.row([5])])
    #expect(storeChanges == 3)
  }

  /// An observer that drops its token keeps observing: releasing is not cancelling.
  @Test func aReleasedTokenKeepsObserving() {
    let store = SectionStore([Self.row([1])])
    var changes = 0
    store.observe { _ in changes += 1 }
    do { _ = store.observe { _ in changes += 10 } }
    store.update([Self.row([1, 2])])
    #expect(changes == 11)
  }

  /// An observer cancelled by an earlier one while a change is being told
  /// does not hear of that change.
  @Test func anObserverCancelledMidChangeIsNotCalled() {
    let store = SectionStore([Self.row([1])])
    var heard: [String] = []
    var second: ObservationToken?
    store.observe { _ in
      heard.append("first")
      second?.cancel()
    }
    second = store.observe { _ in heard.append("second") }
    store.update([Self.row([2])])
    #expect(heard == ["first"])
  }
}
