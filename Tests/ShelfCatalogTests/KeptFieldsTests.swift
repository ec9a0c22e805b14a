import ShelfCatalog
import Testing

@Test func anItemKeepsItsUnknownFieldsInOrderAsText() throws {
  let json = """
    {"rows": [{"id": "r", "title": "R", "items": [
      {"isbn": "978-0", "id": "a", "pages": 412, "title": "A", "ok": true, "gone": null,
       "authors": ["X", 2, ["Y"]], "meta": {"k": [1, "v"]}, "price": -1.5e2}]}]}
    """
  let card = try #require(CatalogLoader.load(json: json).catalog.rows.first?.items.first)
  #expect(card.id == "a" && card.title == "A")
  #expect(
    card.fields == [
      CardField(name: "isbn", value: "978-0"), CardField(name: "pages", value: "412"),
      CardField(name: "ok", value: "true"), CardField(name: "authors", value: "X, 2, Y"),
      CardField(name: "meta", value: #"{"k": [1, "v"]}"#),
      CardField(name: "price", value: "-1.5e2"),
    ])
  #expect(card.field(named: "pages") == "412")
  #expect(card.field(named: "gone") == nil)
}

@Test func anItemWithOnlyKnownFieldsKeepsNone() throws {
  let json = #"{"rows": [{"id": "r", "title": "R", "items": [{"id": "a", "title": "A"}]}]}"#
  let card = try #require(CatalogLoader.load(json: json).catalog.rows.first?.items.first)
  #expect(card.fields.isEmpty)
}

@Test func aBadValueInAKeptFieldIsReportedWithItsPath() {
  let json =
    #"{"rows": [{"id": "r", "title": "R", "items": [{"id": "a", "title": "A", "x": [1, tru]}]}]}"#
  #expect(throws: CatalogError.self) { try CatalogLoader.load(json: json) }
  do {
    _ = try CatalogLoader.load(json: json, source: .file("t.json"))
  } catch {
    #expect(error.description.contains("rows[0].items[0].x[1]"))
  }
}

@Test func keptFieldsSurviveEncodingAndDecoding() throws {
  let card = Card(
    id: "a", title: "A",
    fields: [CardField(name: "isbn", value: "1"), CardField(name: "é", value: "\u{1b}[31m")])
  let catalog = Catalog(
    title: "", sections: [Section(id: "s", rows: [Row(id: "r", title: "R", items: [card])])])
  let decoded = try CatalogLoader.load(json: CatalogEncoder.json(catalog)).catalog
  #expect(decoded == catalog)
}

@Test func aTemplateFillsFieldsAndKeepsOtherBracesLiteral() {
  let template = FieldTemplate("man {section} {name} ${HOME} {a,b} {} {")
  #expect(template.fieldNames == ["section", "name", "HOME"])
  let values = ["section": "1", "name": "ls"]
  #expect(template.text(value: { values[$0] }) == "man 1 ls $ {a,b} {} {")
  #expect(
    template.text(value: { values[$0] }, transform: { "<\($1)>" }, missing: { "{\($0)}" })
      == "man <1> <ls> ${HOME} {a,b} {} {")
  #expect(FieldTemplate("{_SYSTEMD_UNIT}").singleField == "_SYSTEMD_UNIT")
  #expect(FieldTemplate("x{a}").singleField == nil)
}
