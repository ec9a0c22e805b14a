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

@Test func aCardsURLLoadsAndIsWrittenBack() throws {
  let text =
    #"{"rows": [{"id": "r", "title": "R", "items": [{"id": "a", "title": "A", "url": "https://example.org/a?b=1"}, {"id": "b", "title": "B"}]}]}"#
  let catalog = try CatalogLoader.load(json: text).catalog
  #expect(catalog.rows[0].items.map(\.url) == ["https://example.org/a?b=1", nil])
  #expect(try CatalogLoader.load(json: CatalogEncoder.json(catalog)).catalog == catalog)
}

@Test func aURLThatIsNotAStringIsRefusedByPath() {
  #expect(throws: CatalogError.self) {
    try CatalogLoader.load(
      json:
        #"{"rows": [{"id": "r", "title": "R", "items": [{"id": "a", "title": "A", "url": 7}]}]}"#)
  }
}

@Test func oneCardIsOneLineOfJSON() {
  let card = Card(
    id: "x", title: "two\nlines", year: 1899, rating: 3.5, tags: ["t"], url: "https://e.org")
  #expect(
    CatalogEncoder.json(card)
      == #"{"id":"x","title":"two\nlines","year":1899,"rating":3.5,"tags":["t"],"url":"https://e.org"}"#
  )
}

@Test func escapingControlsTouchesOnlyWhatJSONEscapes() {
  #expect(
    JSONText.escapingControls("plain \"quoted\" back\\slash") == "plain \"quoted\" back\\slash")
  #expect(JSONText.escapingControls("a\u{1B}[31mb\nc\td\u{202E}") == #"a\u001b[31mb\nc\td\u202e"#)
}
