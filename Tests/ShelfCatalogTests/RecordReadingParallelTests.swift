import PropertyBased
import ShelfCatalog
import TestSupport
import Testing

// A CSV or TSV read on several threads (a large file's way) gives what one
// thread gives: the same catalog, or the same error.

/// A random CSV or TSV of a few columns and up to 40 lines, with quoted
/// commas, quotes and line feeds (CSV), blank lines, CRLF endings and now
/// and then a line of the wrong length; a random mapping of its columns.
private struct DelimitedCase: CustomStringConvertible {
  var text: String
  var reading: CatalogReading

  init(_ draws: Draws) {
    var rng = draws
    let isCSV = Bool.random(using: &rng)
    let separator = isCSV ? "," : "\t"
    let names = Array(
      ["g", "s", "id", "title", "y", "n"].shuffled(using: &rng)
        .prefix(Int.random(in: 1...4, using: &rng)))
    let plain = ["a", "b", "b", " 7 ", "", "x y", "1999", "4.5"]
    let quoted = ["\"a,b\"", "\"say \"\"hi\"\"\"", "\"two\nlines\"", "\"\"", "\"b\""]
    let ending = Bool.random(using: &rng) ? "\r\n" : "\n"
    var lines: [String] = []
    let givesNames = Int.random(in: 0..<4, using: &rng) == 0
    if !givesNames { lines.append(names.joined(separator: separator)) }
    for _ in 0..<Int.random(in: 0...40, using: &rng) {
      switch Int.random(in: 0..<40, using: &rng) {
      case 0: lines.append("")
      case 1:
        lines.append(Array(repeating: "a", count: names.count + 1).joined(separator: separator))
      default:
        lines.append(
          names.indices.map { _ in
            isCSV && Int.random(in: 0..<5, using: &rng) == 0
              ? quoted.randomElement(using: &rng)! : plain.randomElement(using: &rng)!
          }.joined(separator: separator))
      }
    }
    text = lines.joined(separator: ending) + (Bool.random(using: &rng) ? ending : "")
    let field = { (rng: inout Draws) in
      Int.random(in: 0..<3, using: &rng) == 0 ? nil : (names + ["z"]).randomElement(using: &rng)
    }
    reading = CatalogReading(
      format: isCSV ? .csv : .tsv, fields: givesNames ? names : nil,
      mapping: RecordMapping(
        groupBy: field(&rng), sectionBy: field(&rng), sortsRows: Bool.random(using: &rng),
        title: Bool.random(using: &rng) ? nil : FieldTemplate("{n} ({y})"),
        subtitle: field(&rng).map { FieldTemplate(field: $0) }, id: nil, year: "y", rating: "y",
        url: nil, tags: field(&rng)))
  }

  var description: String { "\(reading.format!): \(text.debugDescription)" }
}

/// The catalog or the error of `text` read on `threads` threads, and
/// whether it was read on several.
private func outcome(_ item: DelimitedCase, threads: Int) -> (String, Bool) {
  let bytes: [UInt8] = Array(item.text.utf8)
  return bytes.withUnsafeBufferPointer { buffer in
    do throws(CatalogError) {
      let (loaded, inParallel) = try CatalogLoader.loadNotingParallelRows(
        buffer: buffer, source: .file("x"), limits: .default, threads: threads,
        reading: item.reading)
      return ("\(loaded.catalog)", inParallel)
    } catch {
      return ("\(error) exit \(error.exitCode)", false)
    }
  }
}

@Test func delimitedRecordsReadOnSeveralThreadsAsOnOne() async {
  await propertyCheck(count: 300, input: Gen.draws(400).map(DelimitedCase.init)) { item in
    #expect(outcome(item, threads: 3).0 == outcome(item, threads: 1).0)
  }
}

@Test func aLargeTSVIsReadOnSeveralThreadsAndACutQuoteIsNot() throws {
  let lines = (0..<2_000).map { "r\($0 / 100)\tcard \($0)\t\($0 % 7)" }
  let tsv = DelimitedCase(
    text: "row\ttitle\ty\n" + lines.joined(separator: "\n"),
    reading: CatalogReading(mapping: RecordMapping(groupBy: "row", year: "y")))
  let (catalog, inParallel) = outcome(tsv, threads: 4)
  #expect(inParallel)
  #expect(catalog == outcome(tsv, threads: 1).0)
  // Quoted line feeds in every record: some cut falls inside a field, and
  // the whole file is read again on one thread.
  let csv = DelimitedCase(
    text: "title,note\n" + (0..<2_000).map { "c\($0),\"a\n\nb\"" }.joined(separator: "\n"),
    reading: CatalogReading(format: .csv))
  let (quoted, quotedInParallel) = outcome(csv, threads: 4)
  #expect(!quotedInParallel)
  #expect(quoted == outcome(csv, threads: 1).0)
}

extension DelimitedCase {
  init(text: String, reading: CatalogReading) {
    self.text = text
    self.reading = reading
  }
}

@Test func aTableReadFromAnArrayKeepsItsFieldsAsSlicesOfItAndTheSameCards() throws {
  // Over the size read on every core: fields are slices of the array.
  let lines = (0..<40_000).map { "r\($0 / 400)\tcard \($0) of many\t\(1900 + $0 % 100)" }
  let text = "row\ttitle\ty\n" + lines.joined(separator: "\n") + "\n"
  #expect(text.utf8.count > 1 << 20)
  let reading = CatalogReading(mapping: RecordMapping(groupBy: "row", year: "y"))
  let shared = try CatalogLoader.load(
    bytes: Array(text.utf8), source: .file("x"), reading: reading)
  // The same cards as the fields copied, on one thread or several.
  let bytes = Array(text.utf8)
  for threads in [1, 2] {
    let copied = try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
      try CatalogLoader.load(
        buffer: buffer, source: .file("x"), limits: .default, threads: threads, reading: reading)
    }
    let isSame = shared.catalog == copied.catalog
    #expect(isSame)
  }
  let card = shared.catalog.rows[3].items[7]
  #expect(card.title == "card 1207 of many" && card.year == 1907)
  #expect(
    Array(card.fields) == [
      CardField(name: "row", value: "r3"), CardField(name: "title", value: "card 1207 of many"),
      CardField(name: "y", value: "1907"),
    ])
}
