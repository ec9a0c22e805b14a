import ShelfCatalog
import ShelfSources
import TestSupport
import Testing

/// A small catalog of `rows` rows over two sections, with unique ids.
func startingCatalog(rows: Int = 6, cards: Int = 8) -> Catalog {
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
      "row inserted", "row deleted", "row moved", "row renamed",
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

/// The bundled catalog, as `make run` shows it.
private func bundledCatalog() throws -> Catalog {
  try CatalogLoader.load(
    contentsOf: repositoryRoot.appendingPathComponent("Resources/catalog.json").path
  ).catalog
}

// `make run` for ten minutes at `--rate fast` (an update a second): every
// row stays in the section it started in (a new row, in the one it was added
// to), and every row the demo names is named after its section, once.
@Test(arguments: DemoChurn.allCases)
func tenFastMinutesKeepEveryRowInASectionOfItsTheme(churn: DemoChurn) throws {
  var generator = DemoGenerator(seed: 11, churn: churn)
  var catalog = try bundledCatalog()
  var home: [String: String] = [:]
  for section in catalog.sections {
    for row in section.rows { home[row.id] = section.id }
  }
  let updates = 10 * 60 * 1000 / 1000  // ten minutes, one update every 1000 ms
  for _ in 0..<updates {
    catalog = generator.nextCatalog(after: catalog)
    for section in catalog.sections {
      for row in section.rows {
        let first = home[row.id, default: section.id]
        home[row.id] = first
        #expect(first == section.id, "\(row.title) left \(first) for \(section.id)")
        if row.id.hasPrefix("live-row-") {
          #expect(row.title.contains(section.title ?? ""), "\(row.title) in \(section.id)")
        }
      }
    }
    let titles = catalog.rows.map(\.title)
    #expect(Set(titles).count == titles.count, "no two rows read the same")
    #expect(!titles.contains { $0.last?.isNumber == true }, "no numbered titles: \(titles)")
  }
}

@Test func generatedTitlesTakeTheArticleTheirNextWordWants() {
  var generator = DemoGenerator(seed: 5, churn: .massive)
  var catalog = Catalog(title: "Demo", sections: [Section(id: "s", title: "Shelf", rows: [])])
  var titles: [String] = []
  for _ in 0..<200 {
    catalog = generator.nextCatalog(after: catalog)
    titles += catalog.rows.flatMap { $0.items.map(\.title) }
  }
  #expect(titles.contains { $0.hasPrefix("An ") })
  #expect(titles.contains { $0.hasPrefix("A ") })
  for title in titles {
    #expect(
      !(title.hasPrefix("A ") && "AEIOU".contains(title.dropFirst(2).first ?? "x")), "\(title)")
    #expect(
      !(title.hasPrefix("An ") && !"AEIOU".contains(title.dropFirst(3).first ?? "A")), "\(title)")
  }
}
