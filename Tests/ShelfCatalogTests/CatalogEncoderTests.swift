import ShelfCatalog
import Testing

@Test func encodedCatalogsLoadBackEqual() throws {
  let catalog = Catalog(
    title: "Tricky \"title\"\n",
    sections: [
      Section(
        id: "s", title: "Ünïcödé 😀",
        rows: [
          Row(
            id: "r", title: "Tab\there",
            items: [
              Card(
                id: "1", title: "\u{1B}[31mred", subtitle: "back\\slash", year: -44, rating: 4.35,
                summary: "DEL \u{7F}", tags: ["a", ""]),
              Card(id: "2", title: "plain", rating: 5),
            ])
        ]),
      Section(id: "empty", rows: []),
    ])
  for pretty in [false, true] {
    let text = CatalogEncoder.json(catalog, pretty: pretty)
    #expect(try CatalogLoader.load(json: text).catalog == catalog)
    #expect(text.contains("\n") == pretty)
  }
}

@Test func oneUntitledSectionIsWrittenAsTopLevelRows() throws {
  let catalog = Catalog(
    title: "T", sections: [Section(id: "", rows: [Row(id: "r", title: "R", items: [])])])
  let text = CatalogEncoder.json(catalog)
  #expect(text == #"{"title":"T","rows":[{"id":"r","title":"R","items":[]}]}"#)
  #expect(try CatalogLoader.load(json: text).catalog == catalog)
}
