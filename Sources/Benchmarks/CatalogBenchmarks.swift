import Foundation
import ShelfCatalog

/// Loading catalogs from JSON bytes (a million cards in well under
/// 2 s), the `shelf diff` of a 1% update, and encoding.
enum CatalogBenchmarks {
  /// A fixed-seed catalog of `rows` rows of `cards` cards with realistic text:
  /// titles, authors, years, ratings; every tenth card a summary and tags.
  static func catalog(rows: Int, cards: Int, seed: UInt64 = 42) -> Catalog {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let words = [
      "Silent", "Orchard", "Harbor", "Glass", "River", "Atlas", "Winter", "Kingdom", "Library",
      "Midnight", "Comet", "Island", "Theory", "Season", "Iron", "Paper", "Garden", "Engine",
    ]
    let names = ["Ada Okafor", "Kenji Tanaka", "Marisol Alvarez", "Tomasz Novak", "Lena Byrne"]
    let sectionCount = max(1, rows / 100)
    var sections = (0..<sectionCount).map {
      Section(id: "section-\($0)", title: "Section \($0)", rows: [])
    }
    for r in 0..<rows {
      var items: [Card] = []
      items.reserveCapacity(cards)
      for c in 0..<cards {
        let title = "The \(words[next(words.count)]) \(words[next(words.count)]) \(c)"
        var card = Card(
          id: "\(r)-\(c)", title: title, subtitle: names[next(names.count)],
          year: 1900 + next(125), rating: Double(next(51)) / 10)
        if c % 10 == 0 {
          card.summary =
            "A story of \(words[next(words.count)].lowercased()) and \(words[next(words.count)].lowercased())."
          card.tags = ["fiction", words[next(words.count)].lowercased()]
        }
        items.append(card)
      }
      sections[r % sectionCount].rows.append(Row(id: "row-\(r)", title: "Row \(r)", items: items))
    }
    return Catalog(title: "Benchmark", sections: sections)
  }

  /// The largest resident set so far (`VmHWM`) or the current one (`VmRSS`),
  /// in MiB, from /proc/self/status.
  static func residentMiB(_ field: String = "VmHWM") -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.filter(\.isNumber)
      return Int(digits).map { $0 / 1024 }
    }
    return nil
  }

  static func run(_ harness: inout Harness) {
    harness.resultLabel = "cards"
    for (rows, cards) in [(100, 100), (1_000, 1_000)] {
      let loadName = "load \(rows) rows x \(cards) cards"
      let diffName = "shelf diff \(rows) x \(cards), 1% of cards edited"
      guard harness.includes(loadName) || harness.includes(diffName) else { continue }
      let catalog = Self.catalog(rows: rows, cards: cards)
      let bytes = CatalogEncoder.bytes(catalog)
      harness.section(
        "catalog: \(rows) rows x \(cards) cards, \(bytes.count / 1_000_000) MB of JSON")
      let before = residentMiB("VmRSS")
      harness.measure(loadName, runs: rows >= 1_000 ? 5 : nil) {
        (try? CatalogLoader.load(bytes: bytes, source: .named("bench")))?.catalog.cardCount ?? -1
      }
      if let before, let peak = residentMiB(), peak > before {
        print(
          "  loading added at most \(peak - before) MiB to the resident set (one loaded catalog)")
      }
      var edited = catalog
      var state: UInt64 = 7
      for _ in 0..<(rows * cards / 100) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let s = Int((state >> 33) % UInt64(edited.sections.count))
        let r = Int((state >> 13) % UInt64(edited.sections[s].rows.count))
        let c = Int((state >> 23) % UInt64(cards))
        edited.sections[s].rows[r].items[c].rating = 5
      }
      harness.measure(diffName, runs: rows >= 1_000 ? 3 : nil) {
        let diff = CatalogDiff(from: catalog, to: edited)
        return diff.cards.reduce(0) { $0 + $1.changes.reloaded.count }
      }
      if let peak = residentMiB() {
        print("  peak RSS of the whole run so far: \(peak) MiB (JSON bytes, three catalogs)")
      }
    }
  }
}
