import ShelfCatalog
import Testing

@Test func cardCountAddsUpEveryRowInEverySection() {
  let row = Row(id: "r", title: "R", items: [Card(id: "a", title: "A"), Card(id: "b", title: "B")])
  let catalog = Catalog(
    title: "T", sections: [Section(id: "s1", rows: [row]), Section(id: "s2", rows: [row])])
  #expect(catalog.cardCount == 4)
  #expect(catalog.rows.map(\.id) == ["r", "r"])
}
