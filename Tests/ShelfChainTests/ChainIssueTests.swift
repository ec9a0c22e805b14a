import ShelfChain
import ShelfDiff
import Testing

/// What links tell their `onIssue`: duplicate ids at the store, an id a map changed.
@Suite struct ChainIssueTests {
  @Test func aStoreReportsDuplicateIDsItsDiffFinds() {
    let store = SectionStore([Row(id: "a", title: "", items: [Card(id: "x", value: 1)])])
    var issues: [ChainIssue] = []
    store.onIssue = { issues.append($0) }
    store.update([
      Row(id: "a", title: "", items: [Card(id: "x", value: 1), Card(id: "y", value: 2)])
    ])
    #expect(issues.isEmpty)
    let repeated = [
      Row(id: "a", title: "", items: [Card(id: "x", value: 1), Card(id: "y", value: 2)]),
      Row(id: "b", title: "", items: [Card(id: "x", value: 3)]),
    ]
    store.update(repeated)
    #expect(issues.count == 1)
    guard case .duplicateIDs(let sections, let items)? = issues.first else {
      Issue.record("\(issues)")
      return
    }
    #expect(sections.isEmpty && items.map(\.id) == ["x"])
    #expect(issues.first?.description.contains("item") == true)
  }

  @Test func aMapThatChangesAnIDIsReported() {
    let store = SectionStore([Row(id: "a", title: "", items: [Card(id: "x", value: 1)])])
    // An id made from the content: a new value makes it another item.
    let map = ItemMap(store) { Card(id: "\($0.id)\($0.value)", value: $0.value) }
    var issues: [ChainIssue] = []
    map.onIssue = { issues.append($0) }
    store.update([Row(id: "a", title: "", items: [Card(id: "x", value: 2)])])
    #expect(issues == [.changedID(at: ItemPath(section: 0, item: 0), old: "x1", new: "x2")])
    #expect(map.sections[0].items == [Card(id: "x2", value: 2)])
  }

  @Test func aMapThatKeepsIDsIsQuiet() {
    let store = SectionStore([Row(id: "a", title: "", items: [Card(id: "x", value: 1)])])
    let map = ItemMap(store) { Card(id: $0.id, value: $0.value * 10) }
    var issues: [ChainIssue] = []
    map.onIssue = { issues.append($0) }
    store.update([
      Row(id: "a", title: "", items: [Card(id: "x", value: 2), Card(id: "y", value: 3)])
    ])
    #expect(issues.isEmpty)
  }
}
