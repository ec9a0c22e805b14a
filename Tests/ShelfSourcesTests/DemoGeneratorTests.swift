import ShelfCatalog
import ShelfSources
import TestSupport
import Testing

/// A small catalog of `rows` rows over two sections, with unique ids.
private func startingCatalog(rows: Int = 6, cards: Int = 8) -> Catalog {
  let made = (0..<rows).map { r in
    Row(
      id: "row-\(r)", title: "Row \(r)",
      items: (0..<cards).map { Card(id: "c\($0)", title: "Card \($0)", rating: 3) })
  }
  return Catalog(
    title: "Demo",
    sections: [
      Section(id: "a", title: "A", rows: Array(made.prefix(rows / 2))),
      Section(id: "b", title: "B", rows: Array(made.dropFirst(rows / 2))),
    ])
}

private func isValid(_ catalog: Catalog) -> Bool {
  let rowIDs = catalog.rows.map(\.id)
  guard Set(rowIDs).count == rowIDs.count else { return false }
  return catalog.rows.allSatisfy { row in
    Set(row.items.map(\.id)).count == row.items.count
      && row.items.allSatisfy { card in
        (card.rating.map { (0...5).contains($0) } ?? true) && !card.id.isEmpty
      }
  }
}

@Test(arguments: 0..<40 as Range<UInt64>, DemoChurn.allCases)
func demoUpdatesStayValidAndLoadBack(seed: UInt64, churn: DemoChurn) throws {
  var generator = DemoGenerator(seed: seed, churn: churn)
  var catalog = startingCatalog()
  for _ in 0..<30 {
    catalog = generator.nextCatalog(after: catalog)
    #expect(isValid(catalog))
  }
  let loaded = try CatalogLoader.load(json: CatalogEncoder.json(catalog))
  #expect(loaded.catalog == catalog)
  #expect(loaded.warnings.isEmpty)
}

@Test(arguments: 0..<20 as Range<UInt64>)
func demoUpdatesAreTheSameForTheSameSeed(seed: UInt64) {
  var first = DemoGenerator(seed: seed)
  var second = DemoGenerator(seed: seed)
  var a = startingCatalog()
  var b = startingCatalog()
  for _ in 0..<20 {
    a = first.nextCatalog(after: a)
    b = second.nextCatalog(after: b)
    #expect(a == b)
  }
  var other = DemoGenerator(seed: seed + 1000)
  var c = startingCatalog()
  for _ in 0..<20 { c = other.nextCatalog(after: c) }
  #expect(a != c)
}

@Test(arguments: DemoChurn.allCases)
func everyUpdateChangesSomethingAndSizesStayNearTheStart(churn: DemoChurn) {
  var generator = DemoGenerator(seed: 7, churn: churn)
  var catalog = startingCatalog()
  var changedSteps = 0
  for _ in 0..<300 {
    let next = generator.nextCatalog(after: catalog)
    if next != catalog { changedSteps += 1 }
    catalog = next
    #expect((2...12).contains(catalog.rows.count))
    #expect(catalog.rows.allSatisfy { $0.items.count <= 16 })
  }
  #expect(changedSteps >= 290)
}

@Test func demoProducesEveryKindOfChange() {
  var generator = DemoGenerator(seed: 3, churn: .moderate)
  var catalog = startingCatalog()
  var seen: Set<String> = []
  for _ in 0..<200 {
    let next = generator.nextCatalog(after: catalog)
    let diff = CatalogDiff(from: catalog, to: next)
    if !diff.rows.inserted.isEmpty { seen.insert("row inserted") }
    if !diff.rows.deleted.isEmpty { seen.insert("row deleted") }
    if !diff.rows.moved.isEmpty { seen.insert("row moved") }
    let oldSection = Dictionary(
      catalog.sections.flatMap { s in s.rows.map { ($0.id, s.id) } },
      uniquingKeysWith: { a, _ in a })
    for section in next.sections {
      for row in section.rows where oldSection[row.id].map({ $0 != section.id }) ?? false {
        seen.insert("row changed section")
      }
    }
    for row in next.rows {
      if let old = catalog.rows.first(where: { $0.id == row.id }), old.title != row.title {
        seen.insert("row renamed")
      }
    }
    for (_, changes) in diff.cards {
      if !changes.inserted.isEmpty { seen.insert("card inserted") }
      if !changes.deleted.isEmpty { seen.insert("card deleted") }
      if !changes.moved.isEmpty { seen.insert("card moved") }
      if !changes.reloaded.isEmpty { seen.insert("card edited") }
    }
    let oldCards = Set(catalog.rows.flatMap { $0.items.map(\.id) })
    for (rowID, changes) in diff.cards {
      _ = rowID
      if changes.inserted.contains(where: oldCards.contains) { seen.insert("card changed row") }
    }
    catalog = next
  }
  #expect(
    seen == [
      "row inserted", "row deleted", "row moved", "row changed section", "row renamed",
      "card inserted", "card deleted", "card moved", "card edited", "card changed row",
    ])
}

@Test func demoStartsFromAnEmptyCatalog() {
  var generator = DemoGenerator(seed: 1, churn: .massive)
  var catalog = Catalog(title: "", sections: [])
  for _ in 0..<20 { catalog = generator.nextCatalog(after: catalog) }
  #expect(!catalog.rows.isEmpty)
  #expect(isValid(catalog))
}

@Test(arguments: DemoChurn.allCases)
func demoEvolvesTheBundledCatalogIntoValidCatalogs(churn: DemoChurn) throws {
  var catalog = try CatalogLoader.bundled().catalog
  let sectionIDs = catalog.sections.map(\.id)
  var generator = DemoGenerator(seed: 2026, churn: churn)
  for _ in 0..<100 {
    catalog = generator.nextCatalog(after: catalog)
    #expect(isValid(catalog))
  }
  // Sections stay: the demo moves rows between them but neither adds nor removes them.
  #expect(catalog.sections.map(\.id) == sectionIDs)
  let loaded = try CatalogLoader.load(json: CatalogEncoder.json(catalog))
  #expect(loaded.warnings.isEmpty)
  #expect(loaded.catalog == catalog)
}

@Test(arguments: 0..<8 as Range<UInt64>, DemoChurn.allCases)
func theDemoNeverShowsTwoRowsWithTheSameTitle(seed: UInt64, churn: DemoChurn) throws {
  var generator = DemoGenerator(seed: seed, churn: churn)
  var catalog = try CatalogLoader.bundled().catalog
  for step in 0..<40 {
    catalog = generator.nextCatalog(after: catalog)
    let titles = catalog.rows.map(\.title)
    #expect(Set(titles).count == titles.count, "step \(step): \(titles.sorted())")
    if Set(titles).count != titles.count { return }
  }
}

@Test func countsInMessagesAgreeWithTheirNouns() throws {
  let one = LoadedCatalog(
    catalog: Catalog(title: "x", sections: []),
    warnings: [
      CatalogWarning(
        .duplicateRowID, source: .file("x.json"), id: "a", firstPath: "rows[0]",
        duplicatePath: "rows[1]")
    ],
    omittedWarningCount: 1)
  #expect(one.warningLines.last == "x.json: ... and 1 more duplicate id")
}
