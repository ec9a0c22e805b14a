import PropertyBased
import ShelfCatalog
import ShelfSources
import TestSupport
import Testing

/// Valid catalogs to mutate: compact and pretty, sections and top-level rows,
/// escapes, non-ASCII text and integer ids.
private let seeds: [[UInt8]] = {
  var generator = DemoGenerator(seed: 11, churn: .massive)
  var catalog = Catalog(
    title: "Fuzz \"seed\" ✓",
    sections: [
      Section(
        id: "s1", title: "Première",
        rows: [
          Row(
            id: "r1", title: "Tab\tand \\ slash",
            items: [
              Card(
                id: "1", title: "Dune", subtitle: "Herbert", year: 1965, rating: 4.3,
                summary: "Sand", tags: ["a", "b"]),
              Card(id: "x", title: "日本語 😀", rating: 0),
            ])
        ]),
      Section(id: "s2", rows: [Row(id: "r2", title: "Empty", items: [])]),
    ])
  var result = [CatalogEncoder.bytes(catalog), CatalogEncoder.bytes(catalog, pretty: true)]
  for _ in 0..<3 { catalog = generator.nextCatalog(after: catalog) }
  result.append(CatalogEncoder.bytes(catalog))
  result.append(
    Array(
      #"{"rows": [{"id": 7, "title": "R", "items": [{"id": -1, "title": "\u00e9\ud83d\ude00", "year": null, "extra": {"deep": [1, 2.5e3, true, false, null]}}]}]}"#
        .utf8))
  return result
}()

/// Spans of `"key": scalar` members, for deleting and duplicating fields.
private func memberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
  var ranges: [Range<Int>] = []
  var index = 0
  while index < bytes.count {
    guard bytes[index] == UInt8(ascii: "\""),
      let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")),
      close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: ":")
    else {
      index += 1
      continue
    }
    var end = close + 2
    while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      end = (bytes[(end + 1)...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count - 1) + 1
    } else {
      while end < bytes.count,
        ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[end])
      {
        end += 1
      }
    }
    ranges.append(index..<min(end, bytes.count))
    index = close + 1
  }
  return ranges
}

private func mutate(_ original: [UInt8], using random: inout some RandomNumberGenerator) -> [UInt8]
{
  var bytes = original
  let interesting: [UInt8] =
    Array("{}[],:\"\\ 0-.eE\ntfn".utf8) + [0x00, 0x1B, 0x7F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
  for _ in 0..<Int.random(in: 1...3, using: &random) {
    guard !bytes.isEmpty else { break }
    switch Int.random(in: 0..<7, using: &random) {
    case 0:  // flip a bit
      let index = Int.random(in: 0..<bytes.count, using: &random)
      bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
    case 1:  // replace a byte with a troublesome one
      bytes[Int.random(in: 0..<bytes.count, using: &random)] = interesting.randomElement(
        using: &random)!
    case 2:  // truncate
      bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
    case 3:  // delete a field
      let members = memberRanges(bytes)
      if let range = members.randomElement(using: &random) { bytes.removeSubrange(range) }
    case 4:  // duplicate a field
      let members = memberRanges(bytes)
      if let range = members.randomElement(using: &random) {
        bytes.insert(contentsOf: Array(bytes[range]) + [UInt8(ascii: ",")], at: range.lowerBound)
      }
    case 5:  // insert a troublesome byte
      bytes.insert(
        interesting.randomElement(using: &random)!,
        at: Int.random(in: 0...bytes.count, using: &random))
    default:  // delete a range
      let start = Int.random(in: 0..<bytes.count, using: &random)
      bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...8, using: &random)))
    }
  }
  return bytes
}

@Test func mutatedCatalogsLoadOrFailWithExitCode65() async {
  // Over the run, some mutated catalogs fail to load: a case is built from
  // draws the shrinker may make all the smallest, all loading.
  var (loadedCount, failedCount) = (0, 0)
  await propertyCheck(count: 40, input: Gen.draws(4096)) { draws in
    var random = draws
    for _ in 0..<100 {
      let original = seeds.randomElement(using: &random)!
      let bytes = mutate(original, using: &random)
      do throws(CatalogError) {
        let loaded = try CatalogLoader.load(bytes: bytes, source: .named("fuzz"))
        loadedCount += 1
        // Whatever loads, writes back and loads again unchanged.
        let again = try CatalogLoader.load(
          bytes: CatalogEncoder.bytes(loaded.catalog), source: .named("again"))
        #expect(again.catalog == loaded.catalog)
      } catch {
        failedCount += 1
        #expect(error.exitCode == 65, "\(error)")
        let message = error.description
        #expect(message.hasPrefix("fuzz"))
        #expect(
          !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        if let line = error.line, let column = error.column {
          #expect(line >= 1 && column >= 1)
        }
      }
    }
  }
  #expect(loadedCount > 0 && failedCount > 0)
}

/// What a load gave, comparable: the catalog and its warnings, or the error.
private func outcome(_ bytes: [UInt8], threads: Int) -> String {
  do {
    let loaded = try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
      try CatalogLoader.load(
        buffer: buffer, source: .named("fuzz"), limits: .default, threads: threads)
    }
    return "\(loaded.catalog) \(loaded.warnings.map(\.description))"
  } catch {
    return "\(error.exitCode) \(error)"
  }
}

/// Rows decoded on several threads (sanitized: `make tsan`).
@Suite struct ParallelDecodingConcurrencyTests {
  @Test func rowsDecodedOnSeveralThreadsGiveTheSameCatalogOrTheSameError() async {
    await propertyCheck(count: 20, input: Gen.draws(2048)) { draws in
      var random = draws
      var loadedCount = 0
      for _ in 0..<100 {
        let bytes = mutate(seeds.randomElement(using: &random)!, using: &random)
        let inPlace = outcome(bytes, threads: 1)
        #expect(outcome(bytes, threads: 3) == inPlace)
        if !inPlace.hasPrefix("65 ") { loadedCount += 1 }
      }
      // Both sides of the comparison occur: catalogs that load and ones that fail.
      #expect(loadedCount > 0 && loadedCount < 100)
      for original in seeds {
        #expect(outcome(original, threads: 4) == outcome(original, threads: 1))
      }
    }
  }
}

/// Rows whose strings hold quotes, backslashes and brackets, and cards with
/// nested unknown fields: the skim steps over each row by its brackets and
/// the rows decode on several threads, without starting over in place.
@Test func trickyRowsAreSkimmedAndDecodedOnSeveralThreads() throws {
  let trickyRow = #"""
    {"id": "r\"q", "title": "a \" b \\\" c { [ ] } \\", "extra": {"x": ["]}", {"y": "\\"}]},
     "items": [{"id": 1, "title": "日本語 \"}\"", "tags": ["[", "]", "\\"], "more": [[{}], {"z": null}]},
               {"id": "2", "title": "\u005c\"", "summary": "}}}]]]"}]}
    """#
  let rows = (0..<12).map { k in trickyRow.replacing(#""r"#, with: #""r\#(k)"#) }
  let json =
    #"{"title": "T {\"", "sections": [{"id": "s", "rows": [\#(rows[0..<5].joined(separator: ","))]}, {"id": "t", "rows": []}, {"id": "u", "rows": [\#(rows[5...].joined(separator: ","))]}]}"#
  let bytes = Array(json.utf8)
  func load(_ bytes: [UInt8], threads: Int) throws -> (LoadedCatalog, Bool) {
    try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
      try CatalogLoader.loadNotingParallelRows(
        buffer: buffer, source: .named("t"), limits: .default, threads: threads)
    }
  }
  let (inPlace, _) = try load(bytes, threads: 1)
  let (parallel, wasParallel) = try load(bytes, threads: 3)
  #expect(wasParallel, "the skim found every row's end")
  #expect(parallel.catalog == inPlace.catalog)
  #expect(inPlace.catalog.rows.count == 12)
  #expect(inPlace.catalog.rows[0].title == #"a " b \" c { [ ] } \"#)
  #expect(inPlace.catalog.rows[0].items[1].title == #"\""#)

  // A bad row: decoded again in place, for the same error.
  var broken = bytes
  broken[broken.lastIndex(of: UInt8(ascii: "5"))!] = UInt8(ascii: "x")
  #expect(outcome(broken, threads: 3) == outcome(broken, threads: 1))
  #expect(
    outcome(broken, threads: 1).hasSuffix(
      #"sections[2].rows[6].items[1].title: invalid \u escape: expected four hex digits"#))
}
