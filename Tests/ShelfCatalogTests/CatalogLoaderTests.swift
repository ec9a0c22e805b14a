import Foundation
import ShelfCatalog
import Testing

/// Loads `json`, expecting a failure, and returns its one-line message.
private func failure(_ json: String, limits: CatalogLimits = .default) -> CatalogError? {
  do {
    _ = try CatalogLoader.load(json: json, source: .file("t.json"), limits: limits)
    return nil
  } catch {
    return error
  }
}

@Test func fullCatalogLoadsEveryField() throws {
  let json = """
    { "title": "Bookstore", "extra": {"nested": [1, 2, {"x": null}]},
      "sections": [
        { "id": "featured", "title": "Featured",
          "rows": [
            { "id": "sci-fi", "title": "Science Fiction",
              "items": [
                { "id": "dune", "title": "Dune", "subtitle": "Frank Herbert",
                  "year": 1965, "rating": 4.3, "summary": "Sand.", "tags": ["classic", "space"] },
                { "id": 42, "title": "Caf\\u00e9 \\ud83d\\ude00", "year": null, "rating": 5 } ] } ] },
        { "id": 7, "rows": null } ] }
    """
  let loaded = try CatalogLoader.load(json: json)
  #expect(loaded.warnings.isEmpty)
  let catalog = loaded.catalog
  #expect(catalog.title == "Bookstore")
  #expect(catalog.sections.map(\.id) == ["featured", "7"])
  #expect(catalog.sections[0].title == "Featured")
  #expect(catalog.sections[1].title == nil)
  #expect(catalog.sections[1].rows.isEmpty)
  let row = catalog.sections[0].rows[0]
  #expect(row.id == "sci-fi" && row.title == "Science Fiction")
  #expect(
    row.items[0]
      == Card(
        id: "dune", title: "Dune", subtitle: "Frank Herbert", year: 1965, rating: 4.3,
        summary: "Sand.", tags: ["classic", "space"]))
  #expect(row.items[1] == Card(id: "42", title: "Café 😀", rating: 5))
}

@Test func topLevelRowsBecomeOneUntitledSection() throws {
  let catalog = try CatalogLoader.load(
    json: #"{"rows": [{"id": "r", "title": "R"}, {"id": -3, "title": "S", "items": []}]}"#
  ).catalog
  #expect(catalog.title == "")
  #expect(catalog.sections.count == 1)
  #expect(catalog.sections[0].title == nil)
  #expect(catalog.rows.map(\.id) == ["r", "-3"])
  #expect(catalog.rows[0].items.isEmpty)
}

@Test func byteOrderMarkAndSurroundingWhiteSpaceAreAccepted() throws {
  let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(" \r\n\t{\"rows\":[]}\n\n".utf8)
  let catalog = try CatalogLoader.load(bytes: bytes, source: .named("bom")).catalog
  #expect(catalog.rows.isEmpty)
}

@Test func malformedJSONNamesFileLineAndColumn() throws {
  let error = try #require(failure("{\"rows\": [\n  {\"id\": \"a\" \"title\": \"A\"}]}"))
  #expect(error.kind == .malformedJSON)
  #expect(error.exitCode == 65)
  #expect(
    error.description
      == "t.json, line 2, column 14: rows[0]: expected ',' or '}' after an object member, found '\"'"
  )
}

@Test func wrongTypeNamesTheJSONPath() throws {
  let json = """
    {"sections": [{"id": "s", "rows": [{"id": "r", "title": "R", "items": [
      {"id": "a", "title": "A"}, {"id": "b", "title": 42}]}]}]}
    """
  let error = try #require(failure(json))
  #expect(error.kind == .invalidCatalog)
  #expect(error.path == "sections[0].rows[0].items[1].title")
  #expect(
    error.description
      == "t.json, line 2, column 51: sections[0].rows[0].items[1].title: expected a string, found the number 42"
  )
}

@Test func missingRequiredFieldsAreNamed() throws {
  #expect(
    failure(#"{"rows": [{"title": "R"}]}"#)?.description
      == #"t.json, line 1, column 11: rows[0]: missing "id""#)
  #expect(
    failure(#"{"rows": [{"id": "r", "items": []}]}"#)?.description
      == #"t.json, line 1, column 11: rows[0]: missing "title""#)
  #expect(
    failure(#"{"rows": [{"id": "r", "title": "R", "items": [{"id": 1}]}]}"#)?.description
      == #"t.json, line 1, column 47: rows[0].items[0]: missing "title""#)
  #expect(
    failure(#"{"sections": [{"title": "S"}]}"#)?.description
      == #"t.json, line 1, column 15: sections[0]: missing "id""#)
}

@Test func idsMustBeNonEmptyShortStringsOrIntegers() throws {
  #expect(
    failure(#"{"rows": [{"id": "", "title": "R"}]}"#)?.description
      == "t.json, line 1, column 18: rows[0].id: the id is empty")
  #expect(
    failure(#"{"rows": [{"id": 1.5, "title": "R"}]}"#)?.description
      == "t.json, line 1, column 18: rows[0].id: expected a string or an integer id, found the number 1.5"
  )
  #expect(
    failure(#"{"rows": [{"id": true, "title": "R"}]}"#)?.description
      == "t.json, line 1, column 18: rows[0].id: expected a string or an integer id, found true")
  let long = String(repeating: "x", count: 300)
  #expect(
    failure(#"{"rows": [{"id": "\#(long)", "title": "R"}]}"#)?.description
      == "t.json, line 1, column 18: rows[0].id: the id is 300 bytes long; the limit is 256")
}

@Test func longTitlesAreKept() throws {
  let title = String(repeating: "é", count: 10_000)
  let catalog = try CatalogLoader.load(json: #"{"rows": [{"id": "r", "title": "\#(title)"}]}"#)
    .catalog
  #expect(catalog.rows[0].title == title)
  let error = failure(
    #"{"rows": [{"id": "r", "title": "\#(title)"}]}"#,
    limits: CatalogLimits(maximumStringLength: 1000))
  #expect(
    error?.description
      == "t.json, line 1, column 32: rows[0].title: text is 20000 bytes long; the limit is 1000 bytes"
  )
}

@Test func ratingsAndYearsMustBeInRange() throws {
  func card(_ fields: String) -> String {
    #"{"rows": [{"id": "r", "title": "R", "items": [{"id": "a", "title": "A", \#(fields)}]}]}"#
  }
  #expect(
    failure(card(#""rating": 7.5"#))?.description
      == "t.json, line 1, column 83: rows[0].items[0].rating: the rating 7.5 is out of range 0...5")
  #expect(
    failure(card(#""rating": -0.1"#))?.problem == "the rating -0.1 is out of range 0...5")
  #expect(
    failure(card(#""rating": "good""#))?.problem
      == "expected a number for the rating, found a string")
  #expect(
    failure(card(#""year": 12000"#))?.problem == "the year 12000 is out of range -9999...9999")
  #expect(
    failure(card(#""year": 99999999999999999999999"#))?.problem
      == "the year 99999999999999999999999 is out of range -9999...9999")
  #expect(
    failure(card(#""year": 1965.5"#))?.problem
      == "expected an integer year, found the number 1965.5")
  #expect(failure(card(#""tags": ["a", 3]"#))?.path == "rows[0].items[0].tags[1]")
  #expect(failure(card(#""rating": 1e999"#))?.problem == "the rating 1e999 is out of range 0...5")
}

@Test func invalidUTF8IsRejectedWithItsPlace() throws {
  let bytes =
    Array(#"{"rows": [{"id": "r", "title": "ab"#.utf8) + [0xC3, 0x28]
    + Array(#""}]}"#.utf8)
  #expect(throws: CatalogError.self) {
    try CatalogLoader.load(bytes: bytes, source: .file("u.json"))
  }
  do {
    _ = try CatalogLoader.load(bytes: bytes, source: .file("u.json"))
  } catch {
    #expect(error.kind == .invalidUTF8)
    #expect(
      error.description == "u.json, line 1, column 35: rows[0].title: invalid UTF-8 (byte 0xC3)")
  }
  // A UTF-16 surrogate encoded as UTF-8, and an overlong slash.
  for bad: [UInt8] in [[0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF5, 0x80, 0x80, 0x80], [0xFF]] {
    let bytes = Array(#"{"title": ""#.utf8) + bad + Array(#"", "rows": []}"#.utf8)
    #expect(
      (try? CatalogLoader.load(bytes: bytes, source: .named("x"))) == nil,
      "accepted \(bad)")
  }
}

@Test func shapeErrorsAtTheTopLevel() throws {
  #expect(failure("")?.description == "t.json: the file is empty")
  #expect(failure("  \n ")?.kind == .empty)
  #expect(
    failure("[1, 2]")?.description
      == "t.json, line 1, column 2: [0]: expected an object for a record, found a number"
  )
  #expect(
    failure(#"{"title": "x"}"#)?.description
      == #"t.json, line 1, column 1: expected a "sections" or "rows" array at the top level"#)
  #expect(
    failure(#"{"rows": [], "sections": []}"#)?.problem
      == #"both "sections" and "rows" at the top level; a catalog has one or the other"#)
  #expect(
    failure(#"{"rows": []} x"#)?.description
      == "t.json, line 1, column 14: expected the end of the catalog, found 'x'")
  #expect(
    failure(#"{"rows": {}}"#)?.description
      == "t.json, line 1, column 10: rows: expected an array, found an object")
  #expect(
    failure("hello")?.description
      == #"t.json, line 1, column 1: expected an object with a "sections" or "rows" array, found 'h'"#
  )
}

@Test func syntaxErrorsAreDescribed() throws {
  #expect(
    failure(#"{"rows": [{"id": "r", "title": "R"},]}"#)?.problem
      == "expected an object for a row, found ']'")
  #expect(failure(#"{"rows": [], "x": [1,]}"#)?.problem == "expected a value, found ']'")
  #expect(failure(#"{"rows": [], }"#)?.problem == "expected a string key after ',', found '}'")
  #expect(failure(#"{"rows" []}"#)?.problem == "expected ':' after an object key, found '['")
  #expect(failure(#"{"rows": [], "x": tru}"#)?.problem == "expected true, false or null, found '}'")
  #expect(
    failure(#"{"rows": [], "x": 01}"#)?.problem == "a number may not start with a leading zero")
  #expect(failure(#"{"rows": [], "x": -}"#)?.problem == "expected a digit in a number, found '}'")
  #expect(failure(#"{"rows": [], "x": "a\qb"}"#)?.problem == #"invalid escape '\' followed by 'q'"#)
  #expect(
    failure(#"{"rows": [], "x": "\ud800"}"#)?.problem == #"unpaired surrogate \uD800 in a string"#)
  #expect(
    failure(#"{"rows": [], "x": "\u12G4"}"#)?.problem
      == #"invalid \u escape: expected four hex digits"#)
  #expect(
    failure("{\"rows\": [], \"x\": \"a\nb\"}")?.problem
      == "a line break inside a string (escape it)")
  #expect(failure(#"{"rows": [], "x": "abc"#)?.problem == "unterminated string")
  #expect(
    failure(#"{"rows": ["#)?.problem == "expected an object for a row, found the end of the input")
  #expect(
    failure("{\"rows\": [], \"x\": \u{201C}a\u{201D}}")?.problem
      == "expected a value, found the character U+201C")
}

@Test func nestingDeeperThanTheLimitIsRejected() throws {
  let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
  let error = try #require(failure(#"{"rows": [], "x": \#(deep)}"#))
  #expect(error.kind == .tooDeep)
  #expect(error.problem == "arrays and objects nest deeper than 64 levels")
  #expect(error.path.hasPrefix("x[0][0]"))
  let ok = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
  #expect(failure(#"{"rows": [], "x": \#(ok)}"#) == nil)
}

@Test func bytesOverTheSizeLimitAreRejected() throws {
  let error = try #require(failure(#"{"rows": []}"#, limits: CatalogLimits(maximumFileSize: 8)))
  #expect(error.kind == .tooLarge)
  #expect(error.description == "t.json: is larger than the limit of 8 bytes (12 bytes)")
}

@Test func duplicateIdsLoadWithOneWarningEach() throws {
  let json = """
    {"sections": [
      {"id": "s", "rows": [{"id": "r", "title": "R", "items": [{"id": 1, "title": "A"}, {"id": "1", "title": "B"}]}]},
      {"id": "s", "rows": [{"id": "q", "title": "Q"}, {"id": "r", "title": "R again"}]}]}
    """
  let loaded = try CatalogLoader.load(json: json, source: .file("d.json"))
  #expect(loaded.catalog.rows.count == 3)
  #expect(
    loaded.warningLines == [
      #"d.json: duplicate section id "s" at sections[0] and sections[1]"#,
      #"d.json: duplicate card id "1" at sections[0].rows[0].items[0] and sections[0].rows[0].items[1]"#,
      #"d.json: duplicate row id "r" at sections[0].rows[0] and sections[1].rows[1]"#,
    ])
}

@Test func cardsCheckedOnSeveralThreadsGiveTheSameWarnings() throws {
  // 40 rows of 30 cards; rows 3, 17 and 38 repeat an id.
  let rows = (0..<40).map { row in
    let cards = (0..<30).map { card in
      let id = [3, 17, 38].contains(row) && card == 29 ? "\(row)-\(row % 7)" : "\(row)-\(card)"
      return #"{"id": "\#(id)", "title": "T"}"#
    }
    return #"{"id": "r\#(row)", "title": "R", "items": [\#(cards.joined(separator: ","))]}"#
  }
  let bytes = Array(#"{"rows": [\#(rows.joined(separator: ","))]}"#.utf8)
  func warnings(threads: Int) throws -> [String] {
    try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
      try CatalogLoader.load(
        buffer: buffer, source: .named("p"), limits: .default, threads: threads)
    }.warningLines
  }
  let expected = [3, 17, 38].map { row in
    #"p: duplicate card id "\#(row)-\#(row % 7)" at rows[\#(row)].items[\#(row % 7)] and rows[\#(row)].items[29]"#
  }
  #expect(try warnings(threads: 1) == expected)
  #expect(try warnings(threads: 4) == expected)
}

@Test func warningsPastTheLimitAreCounted() throws {
  // Four ids, each repeated: one warning each, two kept, two counted.
  let ids = ["a", "b", "c", "d"]
  let rows = (ids + ids).map { #"{"id": "\#($0)", "title": "T"}"# }.joined(separator: ",")
  let loaded = try CatalogLoader.load(
    json: #"{"rows": [\#(rows)]}"#, source: .named("w"), limits: CatalogLimits(maximumWarnings: 2))
  #expect(loaded.warnings.count == 2)
  #expect(loaded.omittedWarningCount == 2)
  #expect(loaded.warningLines.last == "w: ... and 2 more duplicate ids")
  #expect(loaded.warnings[1].description == #"w: duplicate row id "b" at rows[1] and rows[5]"#)
}

@Test func manyRepeatedIdsAreSummedUpInOneLineWithThreeOfThem() throws {
  let ids = ["a", "b", "c", "d"]
  let rows = (ids + ids).map { #"{"id": "\#($0)", "title": "T"}"# }.joined(separator: ",")
  let loaded = try CatalogLoader.load(
    json: #"{"rows": [\#(rows)]}"#, source: .named("w"), limits: CatalogLimits(maximumWarnings: 2))
  #expect(loaded.warningSummary == #"w: 4 ids occur more than once, e.g. "a", "b""#)
  let one = try CatalogLoader.load(
    json: #"{"rows": [{"id": "a", "title": "T"}, {"id": "a", "title": "U"}]}"#, source: .named("o"))
  #expect(one.warningSummary == one.warningLines.first)
  let none = try CatalogLoader.load(json: #"{"rows": []}"#, source: .named("n"))
  #expect(none.warningSummary == nil)
}

@Test func anIdRepeatedTwoThousandTimesIsOneLineWithACount() throws {
  let cards = (0..<2_000).map { _ in #"{"id": "same", "title": "T"}"# }.joined(separator: ",")
  let loaded = try CatalogLoader.load(
    json: #"{"rows": [{"id": "r", "title": "R", "items": [\#(cards)]}]}"#, source: .named("x.json"))
  #expect(
    loaded.warningLines == [
      #"x.json: duplicate card id "same" at rows[0].items[0] and rows[0].items[1], 2000 times in all"#
    ])
  #expect(loaded.warnings.first?.occurrences == 2_000)
  #expect(loaded.omittedWarningCount == 0)
}

@Test func theSameCardIdInTwoRowsIsNoWarningButRepeatedInEachIsOneEach() throws {
  let json = """
    {"rows": [
      {"id": "r1", "title": "A", "items": [{"id": "x", "title": "X"}]},
      {"id": "r2", "title": "B", "items": [{"id": "x", "title": "X"}, {"id": "x", "title": "X"},
        {"id": "x", "title": "X"}]},
      {"id": "r3", "title": "C", "items": [{"id": "x", "title": "X"}, {"id": "x", "title": "X"}]}]}
    """
  let loaded = try CatalogLoader.load(json: json, source: .named("y"))
  #expect(
    loaded.warningLines == [
      #"y: duplicate card id "x" at rows[1].items[0] and rows[1].items[1], 3 times in all"#,
      #"y: duplicate card id "x" at rows[2].items[0] and rows[2].items[1]"#,
    ])
}

@Test func hostileTextInMessagesIsEscaped() throws {
  let loaded = try CatalogLoader.load(
    json: #"{"rows": [{"id": "\u001b[31m", "title": "A"}, {"id": "\u001b[31m", "title": "B"}]}"#,
    source: .named("h"))
  let line = try #require(loaded.warningLines.first)
  #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
  #expect(line == #"h: duplicate row id "\u{1B}[31m" at rows[0] and rows[1]"#)
}
