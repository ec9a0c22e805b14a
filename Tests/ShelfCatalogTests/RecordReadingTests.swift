import ShelfCatalog
import Testing

/// Loads `text` as records read as `reading` says, from a file named `name`.
private func load(
  _ text: String, name: String = "t", reading: CatalogReading = .automatic,
  limits: CatalogLimits = .default
) throws(CatalogError) -> LoadedCatalog {
  try CatalogLoader.load(
    bytes: Array(text.utf8), source: .file(name), limits: limits, reading: reading)
}

private func failure(
  _ bytes: [UInt8], name: String, reading: CatalogReading = .automatic,
  limits: CatalogLimits = .default
) -> CatalogError? {
  do {
    _ = try CatalogLoader.load(bytes: bytes, source: .file(name), limits: limits, reading: reading)
    return nil
  } catch {
    return error
  }
}

private func grouped(_ field: String, sortsRows: Bool = false) -> CatalogReading {
  CatalogReading(mapping: RecordMapping(groupBy: field, sortsRows: sortsRows))
}

private func fields(_ pairs: KeyValuePairs<String, String>) -> CardFields {
  CardFields(pairs.map { CardField(name: $0.key, value: $0.value) })
}

// MARK: - Formats

@Test func csvQuotingFollowsRFC4180() throws {
  let csv = "title,note\r\n\"Dune, 1965\",\"said \"\"hi\"\"\"\r\n\"two\nlines\",\r\nplain,x\"y\n"
  let loaded = try load(csv, name: "b.csv")
  #expect(loaded.format == .csv)
  let cards = loaded.catalog.rows[0].items
  #expect(cards.map(\.title) == ["Dune, 1965", "two\nlines", "plain"])
  #expect(cards[0].fields == fields(["title": "Dune, 1965", "note": "said \"hi\""]))
  #expect(cards[1].field(named: "note") == "")
  #expect(cards[2].field(named: "note") == "x\"y")
}

@Test func tsvWithNamedFieldsAndNoHeader() throws {
  let reading = CatalogReading(
    fields: ["section", "package"], mapping: RecordMapping(groupBy: "section"))
  let loaded = try load("admin\tadduser\nlibs\tlibc6\nadmin\tapt\n", reading: reading)
  #expect(loaded.format == .tsv)
  #expect(loaded.catalog.rows.map(\.title) == ["admin", "libs"])
  #expect(loaded.catalog.rows[0].items.map(\.title) == ["adduser", "apt"])
}

@Test func aJSONArrayAndNDJSONGiveTheSameCards() throws {
  let array = try load(
    #"[{"id": 1, "name": "a", "n": 2.5}, {"id": 2, "name": "b", "tags": ["x", "y"]}]"#)
  let lines = try load(
    "{\"id\": 1, \"name\": \"a\", \"n\": 2.5}\n\n{\"id\": 2, \"name\": \"b\", \"tags\": [\"x\", \"y\"]}\n"
  )
  #expect(array.format == .json && lines.format == .ndjson)
  #expect(array.catalog.rows == lines.catalog.rows)
  #expect(array.catalog.rows[0].items.map(\.id) == ["1", "2"])
  #expect(array.catalog.rows[0].items[1].field(named: "tags") == "x, y")
}

@Test func plainLinesAreTheFieldLine() throws {
  let loaded = try load("one\r\ntwo\n\nthree", name: "x.txt")
  #expect(loaded.format == .lines)
  #expect(loaded.catalog.rows[0].items.map(\.title) == ["one", "two", "three"])
  #expect(loaded.catalog.rows[0].items[0].fields == fields(["line": "one"]))
}

@Test func aPatternSplitsManPageLines() throws {
  let reading = CatalogReading(
    pattern: #"(?<name>\S+) \((?<section>[^)]+)\)\s+- (?<description>.*)"#,
    mapping: RecordMapping(groupBy: "section"))
  let text = "ls (1)               - list directory contents\nnot a match\nopen (2) - open a file\n"
  let loaded = try load(text, reading: reading)
  #expect(loaded.catalog.rows.map(\.title) == ["1", "2"])
  let ls = loaded.catalog.rows[0].items[0]
  #expect(ls.title == "ls")
  #expect(
    ls.fields == fields(["name": "ls", "section": "1", "description": "list directory contents"]))
}

@Test func theFormatIsChosenByExtensionThenContent() throws {
  let records = CatalogReading(mapping: RecordMapping(title: FieldTemplate("{a}")))
  #expect(try load("a,b\n1,2\n", reading: records).format == .csv)
  #expect(try load("a\tb\n1\t2\n", reading: records).format == .tsv)
  #expect(try load("just words\n", reading: records).format == .lines)
  // Text that is not JSON is a catalog's error unless records are asked
  // for or text is read as lines (as shelf reads it).
  #expect(failure(Array("just words\n".utf8), name: "t")?.kind == .malformedJSON)
  var text = CatalogReading()
  text.readsTextAsLines = true
  #expect(try load("just, words\n", reading: text).format == .lines)
  #expect(try load(#"{"rows": []}"#, reading: text).format == .catalog)
  #expect(try load("{\"a\": 1}\n{\"a\": 2}\n").format == .ndjson)
  #expect(try load(#"{"rows": []}"#).format == .catalog)
  #expect(try load("a,b\n", name: "x.tsv").format == .tsv)
  #expect(try load("[]", name: "x.json").format == .json)
  #expect(try load("a\tb\n", reading: CatalogReading(format: .lines)).format == .lines)
}

@Test func aByteOrderMarkAndOddEncodingsAreRead() throws {
  let loaded = try CatalogLoader.load(
    bytes: [0xEF, 0xBB, 0xBF] + Array("name,note\ncafé,日本\n".utf8), source: .file("x.csv"))
  #expect(loaded.catalog.rows[0].items[0].fields == fields(["name": "café", "note": "日本"]))
}

@Test(arguments: ["x.csv", "x.tsv", "x.txt"])
func aFieldAtTheLengthLimitIsReadAndOneByteMoreIsNot(name: String) throws {
  let limits = CatalogLimits(maximumStringLength: 64)
  let at = String(repeating: "x", count: 64)
  let isLines = name == "x.txt"
  let separator = name == "x.csv" ? "," : "\t"
  let reading = isLines ? CatalogReading.automatic : CatalogReading(fields: ["a", "b"])
  let record = isLines ? at : "\(at)\(separator)b"
  for ending in ["\n", "\r\n", ""] {
    let loaded = try load("\(record)\(ending)", name: name, reading: reading, limits: limits)
    #expect(loaded.catalog.rows[0].items[0].fields[0].value == at)
  }
  // One byte more, and a line of a million: both refused where the field
  // starts, the long one without its length (it is not read to its end).
  for long in [at + "y", String(repeating: "y", count: 1_000_000)] {
    for value in name == "x.csv" ? [long, "\"\(long)\""] : [long] {
      let error = failure(
        Array("\(isLines ? "" : "n" + separator)\(value)\n".utf8), name: name, reading: reading,
        limits: limits)
      let column = isLines ? 1 : 3
      #expect(
        error?.description
          == "\(name), line 1, column \(column): a field is longer than the limit of 64 bytes")
    }
  }
}

// MARK: - Mapping

@Test func mappingDefaultsTitleIdAndOneRow() throws {
  let loaded = try load(
    "[{\"name\": \"n\", \"x\": 1}, {\"x\": 2, \"y\": 3}, {\"x\": 2, \"y\": 3}]", name: "r.json")
  #expect(loaded.catalog.title == "r.json")
  #expect(loaded.catalog.rows.count == 1)
  let cards = loaded.catalog.rows[0].items
  #expect(cards.map(\.title) == ["n", "2", "2"])
  #expect(cards.map(\.id) == ["n\t1", "2\t3", "2\t3"])  // duplicates kept, apart by occurrence
}

@Test func templatesAndTypedFieldsMakeTheCard() throws {
  let reading = CatalogReading(
    mapping: RecordMapping(
      title: FieldTemplate("{t} ({y})"), subtitle: FieldTemplate("by {a}"),
      id: FieldTemplate("{k}"),
      year: "y", rating: "r", url: FieldTemplate("https://x/{k}"), tags: "g"))
  let csv = "k,t,a,y,r,g\n7,Dune,Herbert,1965,4.5,\"sf, classic\"\n8,Bad,,year,9,\n"
  let cards = try load(csv, name: "b.csv", reading: reading).catalog.rows[0].items
  #expect(
    cards[0]
      == Card(
        id: "7", title: "Dune (1965)", subtitle: "by Herbert", year: 1965, rating: 4.5,
        tags: ["sf", "classic"], url: "https://x/7", fields: cards[0].fields))
  #expect(cards[1].year == nil && cards[1].rating == nil && cards[1].tags.isEmpty)
}

@Test func aTemplateNamingAFieldNoRecordHasWarnsOnceWithTheFieldsThatExist() throws {
  let reading = CatalogReading(
    mapping: RecordMapping(
      title: FieldTemplate("{nmae}"), subtitle: FieldTemplate("{name} by {autor}"),
      year: "year"))
  for (name, text) in [
    ("b.csv", "name,year\nDune,1965\nEmma,1815\n"),
    ("b.ndjson", "{\"name\": \"Dune\"}\n{\"name\": \"Emma\", \"year\": 1815}\n"),
  ] {
    let loaded = try load(text, name: name, reading: reading)
    // The shelf still loads, titles blank; one warning says why.
    #expect(loaded.catalog.rows[0].items.map(\.title) == ["", ""])
    #expect(
      loaded.warningLines == [
        #"\#(name): no record has the fields {nmae} in --title, {autor} in --subtitle, left blank (fields: "name", "year")"#
      ])
    #expect(loaded.warningSummary == loaded.warningLines.first)
  }
  let known = CatalogReading(mapping: RecordMapping(title: FieldTemplate("{name}")))
  #expect(try load("name\nDune\n", name: "b.csv", reading: known).warnings.isEmpty)
  // A stream line's record may lack what others have: no warning for it.
  var stream = reading
  stream.format = .ndjson
  let line = try CatalogLoader.load(
    bytes: Array(#"{"name": "Dune"}"#.utf8), source: .streamLine(1), reading: stream)
  #expect(line.warnings.isEmpty)
}

@Test func fieldsNamedAsACardsPartsAreThosePartsUnlessAnOptionSaysOtherwise() throws {
  let csv =
    "title,subtitle,year,rating,tags,url,note\nDune,Herbert,1965,4.5,\"sf, classic\",https://d,x\n"
  let ndjson =
    #"{"title": "Dune", "subtitle": "Herbert", "year": 1965, "rating": 4.5, "tags": "sf, classic", "url": "https://d", "note": "x"}"#
  let expected = Card(
    id: "Dune\tHerbert\t1965\t4.5\tsf, classic\thttps://d\tx", title: "Dune", subtitle: "Herbert",
    year: 1965, rating: 4.5, tags: ["sf", "classic"], url: "https://d")
  for (name, text) in [("b.csv", csv), ("b.ndjson", ndjson + "\n")] {
    var card = try load(text, name: name).catalog.rows[0].items[0]
    card.fields = []
    #expect(card == expected, "\(name)")
  }
  // An option names another field, or none: the part follows it.
  let reading = CatalogReading(
    mapping: RecordMapping(subtitle: FieldTemplate("{note}"), year: "note", tags: "note"))
  let card = try load(csv, name: "b.csv", reading: reading).catalog.rows[0].items[0]
  #expect(card.subtitle == "x" && card.year == nil && card.tags == ["x"] && card.rating == 4.5)
}

@Test func aTagsFieldIsCutAtCommasAndTrimmed() throws {
  let reading = CatalogReading(mapping: RecordMapping(tags: "g"))
  let tsv = "k\tg\n1\tsolo\n2\t padded \n3\t,\n4\ta,, b\n5\t\n6\té\u{301}\n"
  let cards = try load(tsv, name: "t.tsv", reading: reading).catalog.rows[0].items
  #expect(cards.map(\.tags) == [["solo"], ["padded"], [], ["a", "b"], [], ["é\u{301}"]])
}

@Test func aCardsImageIsItsTemplateElseItsImageField() throws {
  var reading = CatalogReading(mapping: RecordMapping())
  let csv = "k,image\n7,covers/dune.png\n8,\n"
  let cards = try load(csv, name: "b.csv", reading: reading).catalog.rows[0].items
  #expect(cards.map(\.image) == ["covers/dune.png", nil])
  reading.mapping.image = FieldTemplate("https://x/{k}.jpg")
  let mapped = try load(csv, name: "b.csv", reading: reading).catalog.rows[0].items
  #expect(mapped.map(\.image) == ["https://x/7.jpg", "https://x/8.jpg"])
}

@Test func aCatalogItemsImageIsItsOwnMember() throws {
  let json =
    #"{"rows": [{"id": "r", "title": "R", "items": [{"id": "a", "title": "A", "image": "a.png", "x": "1"}, {"id": "b", "title": "B"}]}]}"#
  let cards = try load(json, name: "c.json").catalog.rows[0].items
  #expect(cards.map(\.image) == ["a.png", nil])
  #expect(cards[0].fields.map(\.name) == ["x"], "the image is no kept field")
}

@Test func rowsAndSectionsFollowFirstAppearanceOrSortByName() throws {
  let csv = "s,g,n\nb,10,x\na,2,y\nb,2,z\nb,10,w\n"
  var reading = CatalogReading(mapping: RecordMapping(groupBy: "g", sectionBy: "s"))
  let catalog = try load(csv, name: "x.csv", reading: reading).catalog
  #expect(catalog.sections.map(\.title) == ["b", "a"])
  #expect(catalog.sections[0].rows.map(\.title) == ["10", "2"])
  #expect(catalog.sections[0].rows[0].items.map(\.title) == ["x", "w"])
  reading.mapping.sortsRows = true
  let sorted = try load(csv, name: "x.csv", reading: reading).catalog
  #expect(sorted.sections.map(\.title) == ["a", "b"])
  #expect(sorted.sections[1].rows.map(\.title) == ["2", "10"])
}

// MARK: - Bad input

@Test func aStreamRecordWithoutTheGroupFieldIsThatRecordsProblem() {
  // One record a line: the others may have the field, so the message names
  // this record, not the command line (exit 65, not 64).
  do {
    _ = try CatalogLoader.load(
      bytes: Array("{\"MESSAGE\": \"no unit\"}".utf8), source: .streamLine(8),
      reading: CatalogReading(format: .ndjson, mapping: RecordMapping(groupBy: "_SYSTEMD_UNIT")))
    Issue.record("a record without the field loaded")
  } catch {
    #expect(
      error.description == "stdin, line 8: the record has no field \"_SYSTEMD_UNIT\" to group by")
    #expect(error.exitCode == 65)
  }
}

@Test func everyBadInputIsOneLineNamingThePlace() {
  let cases:
    [(bytes: [UInt8], name: String, reading: CatalogReading, message: String, code: Int32)] = [
      (
        Array("a,b\n1,2\n3\n".utf8), "x.csv", .automatic,
        "x.csv, line 3, column 1: 1 field, but the header names 2 (a CSV line has one per name)", 65
      ),
      (
        Array("a,b\n1,\"2\n3,4\n".utf8), "x.csv", .automatic,
        "x.csv, line 2, column 3: unterminated quoted field", 65
      ),
      (
        Array("a,b\n\"1\"x,2\n".utf8), "x.csv", .automatic,
        "x.csv, line 2, column 4: expected a comma or the end of the line after a quoted field", 65
      ),
      (
        Array("a\tb\n".utf8) + [0x31, 0xFF, 0x09, 0x32], "x.tsv", .automatic,
        "x.tsv, line 2, column 2: invalid UTF-8 (byte 0xFF)", 65
      ),
      (
        Array("{\"a\": 1}\n[2]\n".utf8), "x.ndjson", .automatic,
        "x.ndjson, line 2, column 1: expected an object for a record, found an array", 65
      ),
      (
        Array("[{\"a\": 1}, 3]".utf8), "x.json", .automatic,
        "x.json, line 1, column 12: [1]: expected an object for a record, found a number", 65
      ),
      // A line that is not JSON is not called the literal it starts like.
      (
        Array("{\"a\": 1}\nnot json\n".utf8), "x.ndjson", .automatic,
        "x.ndjson, line 2, column 1: expected an object for a record, found 'n'", 65
      ),
      (
        Array("{\"a\": 1}\nnull\n".utf8), "x.ndjson", .automatic,
        "x.ndjson, line 2, column 1: expected an object for a record, found null", 65
      ),
      (
        Array("g,n\nx,1\n".utf8) + Array("\n".utf8), "x.csv", grouped("h"),
        "x.csv: --group-by \"h\": no record has that field (fields: \"g\", \"n\")", 64
      ),
      (
        Array("{\"g\": 1}\n{\"n\": 2}\n".utf8), "x.ndjson", grouped("g"),
        "x.ndjson, line 2: the record has no field \"g\" to group by", 65
      ),
    ]
  for item in cases {
    let error = failure(item.bytes, name: item.name, reading: item.reading)
    #expect(error?.description == item.message)
    #expect(error?.exitCode == item.code)
  }
}

// MARK: - Upserting

@Test func upsertedRecordsComeFirstAndRowsKeepAtMostN() throws {
  var feed = UpsertingCatalog(title: "stdin", keep: 2)
  let reading = CatalogReading(
    format: .ndjson, mapping: RecordMapping(groupBy: "u", title: FieldTemplate("{m}")))
  for line in [
    #"{"id": 1, "u": "a", "m": "one"}"#, #"{"id": 2, "u": "b", "m": "two"}"#,
    #"{"id": 3, "u": "a", "m": "three"}"#, #"{"id": 1, "u": "a", "m": "one again"}"#,
    #"{"id": 4, "u": "a", "m": "four"}"#, #"{"id": 2, "u": "a", "m": "two moved"}"#,
  ] {
    feed.upsert(try load(line, reading: reading).catalog)
  }
  let rows = feed.catalog.rows
  #expect(rows.map(\.title) == ["a", "b"])
  #expect(rows[0].items.map(\.title) == ["two moved", "four"])
  #expect(rows[1].items.isEmpty)
}
