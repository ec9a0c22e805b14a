import ShelfCatalog
import Testing

private func card(_ id: String, _ title: String? = nil) -> Card {
  Card(id: id, title: title ?? id.uppercased())
}
private func row(_ id: String, _ cards: [String], title: String? = nil) -> Row {
  Row(id: id, title: title ?? id, items: cards.map { card($0) })
}

@Test func identicalCatalogsHaveAnEmptyDiff() {
  let catalog = Catalog(title: "T", sections: [Section(id: "s", rows: [row("a", ["x", "y"])])])
  let diff = CatalogDiff(from: catalog, to: catalog)
  #expect(diff.isEmpty)
  #expect(
    diff.json == """
      {
        "sections": {"inserted": [], "deleted": [], "moved": [], "reloaded": []},
        "rows": {"inserted": [], "deleted": [], "moved": [], "reloaded": []},
        "cards": {}
      }

      """)
}

@Test func rowAndCardChangesAreListedByID() {
  let old = Catalog(
    title: "T",
    sections: [
      Section(
        id: "s1", title: "One", rows: [row("a", ["x", "y", "z"]), row("b", ["p"]), row("c", [])]),
      Section(id: "s2", rows: [row("d", ["q"])]),
    ])
  var changedY = card("y")
  changedY.rating = 4
  let new = Catalog(
    title: "T",
    sections: [
      Section(
        id: "s1", title: "Uno", rows: [row("c", []), row("a", ["z", "w", "x"]), row("e", [])]),
      Section(id: "s2", rows: [row("d", ["q"]), row("b", ["p"], title: "B!")]),
    ])
  _ = changedY
  let diff = CatalogDiff(from: old, to: new)
  #expect(diff.sections == CatalogDiff.Changes(reloaded: ["s1"]))
  #expect(diff.rows.inserted == ["e"])
  #expect(diff.rows.deleted == [])
  // b changed section: a move; within s1 one of a and c moved.
  #expect(diff.rows.moved.contains("b"))
  #expect(diff.rows.moved.count == 2)
  #expect(diff.rows.reloaded == ["a", "b"])
  #expect(diff.cards.count == 1)
  #expect(diff.cards[0].rowID == "a")
  #expect(diff.cards[0].changes.inserted == ["w"])
  #expect(diff.cards[0].changes.deleted == ["y"])
  #expect(diff.cards[0].changes.moved.count == 1)
}

@Test func cardThatChangesRowsIsDeletedFromOneAndInsertedIntoTheOther() {
  let old = Catalog(
    title: "", sections: [Section(id: "", rows: [row("a", ["x", "y"]), row("b", ["z"])])])
  let new = Catalog(
    title: "", sections: [Section(id: "", rows: [row("a", ["x"]), row("b", ["y", "z"])])])
  let diff = CatalogDiff(from: old, to: new)
  #expect(
    diff.json == """
      {
        "sections": {"inserted": [], "deleted": [], "moved": [], "reloaded": []},
        "rows": {"inserted": [], "deleted": [], "moved": [], "reloaded": ["a", "b"]},
        "cards": {
          "a": {"inserted": [], "deleted": ["y"], "moved": [], "reloaded": []},
          "b": {"inserted": ["y"], "deleted": [], "moved": [], "reloaded": []}
        }
      }

      """)
}

@Test func rowsOfInsertedAndDeletedSectionsCountAsInsertedAndDeletedUnlessTheyMoved() {
  let old = Catalog(
    title: "",
    sections: [
      Section(id: "gone", rows: [row("a", []), row("b", [])]), Section(id: "k", rows: []),
    ])
  let new = Catalog(
    title: "",
    sections: [Section(id: "k", rows: [row("b", [])]), Section(id: "new", rows: [row("c", [])])])
  let diff = CatalogDiff(from: old, to: new)
  #expect(diff.sections == CatalogDiff.Changes(inserted: ["new"], deleted: ["gone"]))
  #expect(diff.rows == CatalogDiff.Changes(inserted: ["c"], deleted: ["a"], moved: ["b"]))
}

@Test func cardChangesOfACardEditedInPlaceAreReloads() {
  var edited = card("x")
  edited.year = 2001
  let old = Catalog(title: "", sections: [Section(id: "", rows: [row("a", ["x", "y"])])])
  let new = Catalog(
    title: "",
    sections: [Section(id: "", rows: [Row(id: "a", title: "a", items: [edited, card("y")])])])
  let diff = CatalogDiff(from: old, to: new)
  #expect(diff.cards.map(\.rowID) == ["a"])
  #expect(diff.cards[0].changes == CatalogDiff.Changes(reloaded: ["x"]))
}

@Test func idsInDiffJSONAreEscaped() {
  let old = Catalog(title: "", sections: [Section(id: "", rows: [])])
  let new = Catalog(title: "", sections: [Section(id: "", rows: [row("say \"hi\"\n", [])])])
  #expect(CatalogDiff(from: old, to: new).json.contains(#""inserted": ["say \"hi\"\n"]"#))
}
