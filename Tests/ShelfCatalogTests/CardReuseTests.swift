import PropertyBased
import ShelfCatalog
import TestSupport
import Testing

// Decoding a version of a catalog reusing the cards of the version before
// must give exactly what decoding it from scratch gives: the same catalog,
// the same warnings, or the same error.

/// What a load gave, comparable: the catalog and its warnings, or the error.
private func outcome(of loaded: Result<LoadedCatalog, CatalogError>) -> String {
  switch loaded {
  case .success(let loaded): "\(loaded.catalog) \(loaded.warnings.map(\.description))"
  case .failure(let error): "\(error.exitCode) \(error)"
  }
}

/// A load of `bytes` on `threads` threads, reusing `cards`; it keeps its own cards.
private func load(
  _ bytes: [UInt8], threads: Int, limits: CatalogLimits = .default, from cards: CardReuse?
) -> (outcome: String, cards: CardReuse?, reused: Int) {
  let result = bytes.withUnsafeBufferPointer { buffer in
    Result { () throws(CatalogError) in
      try CatalogLoader.loadReusingCards(
        buffer: buffer, source: .named("reuse"), limits: limits, threads: threads, from: cards,
        keepsCards: true)
    }
  }
  switch result {
  case .success(let loaded):
    return (outcome(of: .success(loaded.loaded)), loaded.cards, loaded.reusedCardCount)
  case .failure(let error):
    return (outcome(of: .failure(error)), nil, 0)
  }
}

/// The same load from scratch, on one thread.
private func fresh(_ bytes: [UInt8], limits: CatalogLimits = .default) -> String {
  outcome(
    of: bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogError) in
        try CatalogLoader.load(
          buffer: buffer, source: .named("reuse"), limits: limits, threads: 1)
      }
    })
}

/// A catalog with texts that need escapes, non-ASCII text, integer ids,
/// missing and null fields and unknown nested fields.
private func randomCatalog(using random: inout some RandomNumberGenerator, topLevelRows: Bool)
  -> Catalog
{
  let words = ["Dune", "日本語", "a \"q\" b", "back\\slash", "tab\there", "😀", "x", "Long title here"]
  var next = 0
  func card() -> Card {
    next += 1
    return Card(
      id: Bool.random(using: &random) ? "c\(next)" : "\(next)",
      title: words.randomElement(using: &random)! + " \(Int.random(in: 0..<5, using: &random))",
      subtitle: Bool.random(using: &random) ? words.randomElement(using: &random) : nil,
      year: Bool.random(using: &random) ? Int.random(in: 1900...2025, using: &random) : nil,
      rating: Bool.random(using: &random)
        ? Double(Int.random(in: 0...50, using: &random)) / 10 : nil,
      summary: Bool.random(using: &random) ? words.randomElement(using: &random) : nil,
      tags: (0..<Int.random(in: 0...2, using: &random)).map { _ in
        words.randomElement(using: &random)!
      })
  }
  let rowCount = Int.random(in: 1...6, using: &random)
  let rows = (0..<rowCount).map { r in
    Row(
      id: "r\(r)", title: "Row \(r)",
      items: (0..<Int.random(in: 0...12, using: &random)).map { _ in card() })
  }
  if topLevelRows {
    return Catalog(title: "T", sections: [Section(id: "", title: nil, rows: rows)])
  }
  let split = Int.random(in: 0...rows.count, using: &random)
  return Catalog(
    title: "T",
    sections: [
      Section(id: "s1", title: "One", rows: Array(rows[..<split])),
      Section(id: "s2", title: nil, rows: Array(rows[split...])),
    ])
}

/// `bytes` as `CatalogEncoder` wrote them for top-level rows: the encoder
/// writes sections, so a one-section catalog is rewritten as `{"rows": ...}`.
private func encode(_ catalog: Catalog, topLevelRows: Bool, pretty: Bool) -> [UInt8] {
  guard topLevelRows else { return CatalogEncoder.bytes(catalog, pretty: pretty) }
  let rows = catalog.rows.map { row in
    CatalogEncoder.json(Catalog(title: "", sections: [Section(id: "s", rows: [row])]))
  }
  // Each row's JSON, cut out of its one-row catalog.
  let objects = rows.map { json -> String in
    let start = json.range(of: "\"rows\":[")!.upperBound
    return String(json[start...].dropLast(4))
  }
  return Array("{\"title\":\"T\",\"rows\":[\(objects.joined(separator: ","))]}".utf8)
}

/// A changed version of `catalog`, as a user's edit or a program's rewrite
/// would change it: cards edited (one byte, or more), inserted, deleted,
/// moved within and across rows, repeated (a duplicate id), rows moved and
/// repeated.
private func changed(_ catalog: Catalog, using random: inout some RandomNumberGenerator) -> Catalog
{
  var rows = catalog.rows
  for _ in 0..<Int.random(in: 1...4, using: &random) {
    let r = Int.random(in: 0..<rows.count, using: &random)
    switch Int.random(in: 0..<8, using: &random) {
    case 0 where !rows[r].items.isEmpty:  // one byte of a title
      let c = Int.random(in: 0..<rows[r].items.count, using: &random)
      var title = Array(rows[r].items[c].title.utf8)
      if let index = title.indices.last(where: {
        title[$0] < 0x80 && title[$0] != 0x22 && title[$0] != 0x5C
      }) {
        title[index] = title[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
      }
      rows[r].items[c].title = String(decoding: title, as: UTF8.self)
    case 1 where !rows[r].items.isEmpty:  // a year, a rating, a tag
      let c = Int.random(in: 0..<rows[r].items.count, using: &random)
      rows[r].items[c].year = 2000 + Int.random(in: 0..<9, using: &random)
      rows[r].items[c].rating = nil
      rows[r].items[c].tags.append("new")
    case 2:  // an insertion
      let id = "n\(Int.random(in: 0..<1000, using: &random))"
      rows[r].items.insert(
        Card(id: id, title: "New"), at: Int.random(in: 0...rows[r].items.count, using: &random))
    case 3 where !rows[r].items.isEmpty:  // a deletion
      rows[r].items.remove(at: Int.random(in: 0..<rows[r].items.count, using: &random))
    case 4 where !rows[r].items.isEmpty:  // a move, within the row or to another
      let card = rows[r].items.remove(at: Int.random(in: 0..<rows[r].items.count, using: &random))
      let to = Int.random(in: 0..<rows.count, using: &random)
      rows[to].items.insert(card, at: Int.random(in: 0...rows[to].items.count, using: &random))
    case 5 where !rows[r].items.isEmpty:  // a duplicate card, id and all
      let card = rows[r].items.randomElement(using: &random)!
      rows[r].items.insert(card, at: Int.random(in: 0...rows[r].items.count, using: &random))
    case 6:  // a row moved
      let row = rows.remove(at: r)
      rows.insert(row, at: Int.random(in: 0...rows.count, using: &random))
    default:  // a row repeated: its id twice
      rows.insert(rows[r], at: Int.random(in: 0...rows.count, using: &random))
    }
  }
  var result = catalog
  var next = 0
  for s in result.sections.indices {
    let count =
      s == result.sections.count - 1
      ? rows.count - next : min(result.sections[s].rows.count, rows.count - next)
    result.sections[s].rows = Array(rows[next..<next + count])
    next += count
  }
  return result
}

/// Cards reused while rows decode on several threads (sanitized: `make tsan`).
@Suite struct CardReuseConcurrencyTests {
  @Test func cardsReusedFromTheVersionBeforeGiveWhatAFreshLoadGives() async {
    var reusedCount = 0
    await propertyCheck(count: 30, input: Gen.draws(2048)) { draws in
      var random = draws
      let topLevelRows = Int.random(in: 0..<3, using: &random) == 0
      let pretty = Bool.random(using: &random)
      var catalog = randomCatalog(using: &random, topLevelRows: topLevelRows)
      var bytes = encode(catalog, topLevelRows: topLevelRows, pretty: pretty)
      var cards = load(bytes, threads: 1, from: nil).cards
      // A chain of versions: each reuses the cards the one before kept, which
      // were partly reused themselves.
      for _ in 0..<8 {
        catalog = changed(catalog, using: &random)
        bytes = encode(catalog, topLevelRows: topLevelRows, pretty: pretty)
        let expected = fresh(bytes)
        let parallel = load(bytes, threads: 3, from: cards)
        let inPlace = load(bytes, threads: 1, from: cards)
        #expect(parallel.outcome == expected)
        #expect(inPlace.outcome == expected)
        #expect(parallel.reused == inPlace.reused)
        reusedCount += inPlace.reused
        cards = inPlace.cards
      }
    }
    // The comparisons are about reused cards: over the run, cards were reused.
    #expect(reusedCount > 0)
  }
}

@Test func mutatedBytesWithCardsBeforeLoadOrFailAsAFreshLoadDoes() async {
  // Over the run, some mutated bytes load and some fail: a case is built
  // from draws the shrinker may make all the smallest, all loading.
  var (loadedCount, failedCount) = (0, 0)
  await propertyCheck(count: 20, input: Gen.draws(4096)) { draws in
    var random = draws
    for _ in 0..<40 {
      let catalog = randomCatalog(using: &random, topLevelRows: Bool.random(using: &random))
      let original = CatalogEncoder.bytes(catalog, pretty: Bool.random(using: &random))
      let cards = load(original, threads: 1, from: nil).cards
      #expect(cards != nil)
      var bytes = original
      // A byte changed, inserted or deleted anywhere: inside a card it must
      // not be reused; elsewhere the card may be.
      for _ in 0..<Int.random(in: 1...2, using: &random) where !bytes.isEmpty {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        let troublesome = Array("{}[],:\"\\ 0-.eEtfn".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[index] = troublesome.randomElement(using: &random)!
        case 1: bytes.insert(troublesome.randomElement(using: &random)!, at: index)
        default: bytes.remove(at: index)
        }
      }
      let expected = fresh(bytes)
      #expect(load(bytes, threads: 1, from: cards).outcome == expected)
      #expect(load(bytes, threads: 3, from: cards).outcome == expected)
      if expected.hasPrefix("65 ") { failedCount += 1 } else { loadedCount += 1 }
    }
  }
  #expect(loadedCount > 0 && failedCount > 0)
}

@Test func aCardWithOneByteChangedIsDecodedAgain() throws {
  let before = Array(
    #"{"rows":[{"id":"r","title":"R","items":[{"id":"a","title":"Same"},{"id":"b","title":"Nine"},{"id":"c","title":"Same"}]}]}"#
      .utf8)
  let after = Array(
    #"{"rows":[{"id":"r","title":"R","items":[{"id":"a","title":"Same"},{"id":"b","title":"Mine"},{"id":"c","title":"Same"}]}]}"#
      .utf8)
  let cards = load(before, threads: 1, from: nil).cards
  let reloaded = load(after, threads: 1, from: cards)
  #expect(reloaded.outcome == fresh(after))
  #expect(reloaded.outcome.contains("Mine"))
  #expect(reloaded.reused == 2)
}

@Test func cardsAreReusedOnlyUnderTheSameLimitsAndAtTheSameDepth() throws {
  // A card with nesting of its own, at the deepest the limit allows.
  let card = #"{"id":"a","title":"Deep","extra":[[[1]]]}"#
  let rows = Array(#"{"rows":[{"id":"r","title":"R","items":[\#(card)]}]}"#.utf8)
  let sections = Array(
    #"{"sections":[{"id":"s","rows":[{"id":"r","title":"R","items":[\#(card)]}]}]}"#.utf8)
  var limits = CatalogLimits.default
  limits.maximumDepth = 8
  let cards = load(rows, threads: 1, limits: limits, from: nil).cards
  #expect(load(rows, threads: 1, limits: limits, from: cards).reused == 1)
  // Two levels deeper, the same bytes are too deep.
  let deeper = load(sections, threads: 1, limits: limits, from: cards)
  #expect(deeper.outcome == fresh(sections, limits: limits))
  #expect(deeper.outcome.hasPrefix("65 "))
  // Under other limits the same bytes fail; nothing is reused.
  var shorter = CatalogLimits.default
  shorter.maximumStringLength = 3
  let defaultCards = load(rows, threads: 1, from: nil).cards
  let other = load(rows, threads: 1, limits: shorter, from: defaultCards)
  #expect(other.outcome == fresh(rows, limits: shorter))
  #expect(other.outcome.hasPrefix("65 "))
  #expect(other.reused == 0)
}

@Test func aRepeatedRowsKeyKeepsNoCards() throws {
  // The first "rows" array is dropped: its cards' fingerprints cannot be
  // paired with the catalog's rows, so none are kept.
  let bytes = Array(
    #"{"rows":[{"id":"a","title":"A","items":[{"id":"1","title":"One"}]}],"rows":[{"id":"a","title":"A","items":[{"id":"1","title":"Two"}]}]}"#
      .utf8)
  let loaded = load(bytes, threads: 1, from: nil)
  #expect(loaded.outcome == fresh(bytes))
  #expect(loaded.cards == nil)
}

@Test func aRowPicksUpReuseAgainAfterCardsDeletedSideBySide() throws {
  let cards = (0..<40).map { #"{"id":"c\#($0)","title":"Card \#($0)"}"# }
  func json(_ cards: [String]) -> [UInt8] {
    Array(#"{"rows":[{"id":"r","title":"R","items":[\#(cards.joined(separator: ","))]}]}"#.utf8)
  }
  let before = load(json(cards), threads: 1, from: nil).cards
  // Three deleted side by side, and an edit just after them.
  var after = cards
  after.removeSubrange(10..<13)
  after[10] = #"{"id":"c13","title":"Card 13, edited"}"#
  let reloaded = load(json(after), threads: 1, from: before)
  #expect(reloaded.outcome == fresh(json(after)))
  // Every card but the edited one, and the one just after it (decoded
  // before the row picked up again), is reused.
  #expect(reloaded.reused == after.count - 2)
}
