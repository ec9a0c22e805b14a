import PropertyBased
import TestSupport
import Testing

@testable import ShelfUI

/// The score of `word` (folded, as a query word) in `text`.
private func score(_ word: String, _ text: String) -> Int32? {
  let term = SearchQuery(word).terms[0]
  var text = text
  return text.withUTF8 { term.score(in: $0, foldsASCII: true) }
}

/// The card score, length included.
private func cardScore(_ query: String, _ title: String) -> Int? {
  let card = CardFace(id: "c", title: title)
  return ShelfFilter.score(card, folded: FoldedCard(card), SearchQuery(query))?.score
}

/// Whether `better` scores above `worse` for `word`.
private func ranks(_ word: String, _ better: String, over worse: String) -> Bool {
  guard let a = score(word, better), let b = score(word, worse) else { return false }
  return a > b
}

@Test func lettersInOrderMatchWithGapsAndOutOfOrderDoNot() {
  #expect(score("dstvsk", "Dostoyevsky") != nil)
  #expect(score("ysk", "Dostoyevsky") != nil)
  #expect(score("ksy", "Dostoyevsky") == nil)
  #expect(score("dostoyevskyy", "Dostoyevsky") == nil)
}

@Test func aMatchAtAWordStartBeatsOneInsideAWord() {
  #expect(ranks("curl", "curl", over: "libcurl4-openssl-dev"))
  #expect(ranks("dev", "libssl-dev", over: "undevout"))
  #expect(ranks("tar", "gnu tar", over: "guitar"))
  #expect(ranks("py", "python3", over: "happy"))
}

@Test func eachSeparatorStartsAWord() {
  for separator in [" ", "-", "_", "/", "."] {
    #expect(ranks("b", "a\(separator)b", over: "ab"), "after \(separator.debugDescription)")
  }
  // After a space most, then a delimiter, then other punctuation.
  #expect(ranks("b", "a b", over: "a/b"))
  #expect(ranks("b", "a/b", over: "a-b"))
}

@Test func aCamelCaseHumpStartsAWord() {
  #expect(ranks("view", "tableView", over: "preview"))
  #expect(ranks("3", "python3", over: "1234"))
}

@Test func consecutiveLettersBeatScatteredOnes() {
  #expect(ranks("abc", "xabcx", over: "xaxbxcx"))
  #expect(ranks("ssl", "libssl", over: "lisbsxl"))
}

@Test func theFieldsFirstLetterCountsMost() {
  #expect(ranks("g", "gcc", over: "a gcc"))
  #expect(ranks("gcc", "gcc-12", over: "lib gcc"))
}

@Test func gapsCostByLength() {
  #expect(ranks("ab", "a-xb", over: "a-xxxxb"))
  #expect(ranks("ab", "axxb", over: "axxxxxxxb"))
}

@Test func aShorterFieldWinsAnEqualMatch() throws {
  let short = try #require(cardScore("curl", "curl"))
  let long = try #require(cardScore("curl", "curlftpfs"))
  #expect(short > long)
  #expect(try #require(cardScore("tar", "tar")) > (cardScore("tar", "tardy") ?? .max))
}

@Test func theBestAlignmentIsFoundNotTheFirst() {
  // Greedy would take the first `c`; the pass takes the word start.
  var positions: [Int] = []
  let term = SearchQuery("curl").terms[0]
  var text = "chicken curl"
  _ = text.withUTF8 { term.score(in: $0, foldsASCII: true, positions: &positions) }
  #expect(positions == [8, 9, 10, 11])
}

@Test func dostoevskyFindsDostoyevsky() {
  let card = CardFace(id: "c", title: "Crime and Punishment", subtitle: "Fyodor Dostoyevsky")
  #expect(ShelfFilter.matches(card, SearchQuery("dostoevsky")))
  #expect(!ShelfFilter.matches(card, SearchQuery("dostoevsky", isExact: true)))
  #expect(ShelfFilter.matches(card, SearchQuery("crime dostoevsky")))
}

@Test func aCharacterBeyondASCIIMatchesWhole() {
  // "é" folds to "e"; "ō" is two bytes whose pieces never match apart.
  let card = CardFace(id: "c", title: "Natsume Sōseki")
  #expect(ShelfFilter.matches(card, SearchQuery("nsoseki")))
  #expect(!ShelfFilter.matches(card, SearchQuery("sōx")))
  let kanji = CardFace(id: "k", title: "七人の侍")
  #expect(ShelfFilter.matches(kanji, SearchQuery("七侍")))
  #expect(!ShelfFilter.matches(kanji, SearchQuery("侍七")))
}

@Test func exactModeFindsWordsAsTyped() {
  let card = CardFace(id: "c", title: "libcurl4-openssl-dev")
  #expect(ShelfFilter.matches(card, SearchQuery("lcurl")))
  #expect(!ShelfFilter.matches(card, SearchQuery("lcurl", isExact: true)))
  #expect(ShelfFilter.matches(card, SearchQuery("curl4", isExact: true)))
}

/// A match of `score` at (`row`, `order`), for a card of id "row.order" or `id`.
private func match(
  _ score: Int, length: Int = 0, _ row: Int, _ order: Int, id: String? = nil
) -> BestMatches.Match {
  BestMatches.Match(
    rank: BestMatches.Rank(score: score, length: length, row: row, order: order),
    card: CardFace(id: id ?? "\(row).\(order)", title: ""))
}

@Test func theBestMatchesKeepTheTopInScoreThenCatalogOrder() {
  var best = BestMatches(limit: 3)
  for (score, row, order) in [(5, 0, 0), (9, 0, 1), (5, 1, 0), (9, 1, 2), (1, 2, 0), (5, 0, 3)] {
    best.add(match(score, row, order))
  }
  #expect(
    best.matches.map { [$0.rank.score, $0.rank.row, $0.rank.order] }
      == [[9, 0, 1], [9, 1, 2], [5, 0, 0]])
}

@Test func onAnEqualScoreTheShorterTextRanksFirstThenTheCatalogsOrder() {
  var best = BestMatches(limit: 4)
  let added = [(9, 30, 0, 0), (9, 12, 1, 0), (9, 12, 0, 5), (7, 1, 0, 1), (9, 40, 0, 2)]
  for (score, length, row, order) in added { best.add(match(score, length: length, row, order)) }
  // The shortest of the 9s first; of the two as short, the earlier row.
  #expect(best.matches.map(\.card.id) == ["0.5", "1.0", "0.0", "0.2"])
  var places = RankedPlaces(limit: 4)
  for (score, length, row, order) in added {
    places.add(BestMatches.Rank(score: score, length: length, row: row, order: order))
  }
  #expect(places.ranks == best.matches.map(\.rank))
}

/// One untitled section of one row holding `cards`.
private func content(_ cards: [CardFace]) -> ShelfContent {
  ShelfContent(
    title: "",
    sections: [
      ShelfSection(id: "s", title: nil, rows: [CarouselRow(id: "r", title: "", cards: cards)])
    ])
}

@Test func pythonRanksPython3AboveLibpython3ThoughTheirSectionMatchesBest() {
  // Records grouped by section: every card's section field is "python",
  // which the word matches whole; the title's match and then the shorter
  // text part them.
  let cards = [
    ("libpython3-stdlib", "interactive high-level object-oriented language (standard library)"),
    ("python3-pip", "Python package installer"),
    ("python3", "interactive high-level object-oriented language"),
  ].map { name, summary in
    CardFace(
      id: name, title: name,
      fields: [.init(name: "section", value: "python"), .init(name: "summary", value: summary)])
  }
  #expect(
    content(cards).rankedMatches(of: "python").map(\.face.id) == [
      "python3", "python3-pip", "libpython3-stdlib",
    ])
}

@Test func cardsThatScoreTheSameRankTheOneWithLessTextFirst() {
  let cards = [("a", "an archiver of files onto tapes"), ("b", "archiver"), ("c", "an archiver")]
    .map { id, note in CardFace(id: id, title: "tar", fields: [.init(name: "note", value: note)]) }
  #expect(content(cards).rankedMatches(of: "tar").map(\.face.id) == ["b", "c", "a"])
  // The same text: the catalog's order.
  let same = ["x", "y"].map { CardFace(id: $0, title: "tar") }
  #expect(content(same).rankedMatches(of: "tar").map(\.face.id) == ["x", "y"])
}

@Test func aWordMatchedInTheTitleCountsMoreThanInAnotherField() {
  // `libctf0` of the section `devel` has both words at a field's start, but
  // `libc6-dev` has them in its title, the name the user sees and types.
  let packages = [("libctf0", "devel"), ("libc6-dev", "libdevel"), ("libcrypt-dev", "libdevel")]
  let cards = packages.map { name, section in
    CardFace(id: name, title: name, fields: [.init(name: "section", value: section)])
  }
  #expect(content(cards).rankedMatches(of: "libc dev").map(\.face.id).first == "libc6-dev")
  // Only the section `devel` holds the whole word.
  #expect(content(cards).rankedMatches(of: "'devel").map(\.face.id) == ["libctf0"])
}

@Test func aCardInSeveralRowsIsOneRankedMatchAtItsBestRank() {
  // "crime" is in both rows and scores the same in each: it is printed
  // once, from the first row (a tie keeps the content's order).
  let crime = CardFace(id: "crime", title: "Crime and Punishment", subtitle: "Dostoevsky")
  let idiot = CardFace(id: "idiot", title: "The Idiot", subtitle: "Dostoevsky")
  let rows = [
    CarouselRow(id: "picks", title: "Picks", cards: [crime]),
    CarouselRow(id: "russian", title: "Russian", cards: [idiot, crime]),
  ]
  let content = ShelfContent(
    title: "", sections: [ShelfSection(id: "s", title: nil, rows: rows)])
  let matches = content.rankedMatches(of: "dost")
  #expect(matches.map(\.face.id) == ["idiot", "crime"])
  #expect(matches.map(\.rowTitle) == ["Russian", "Picks"])
  // With no words, every card once, in the content's order.
  #expect(content.rankedMatches(of: "").map(\.face.id) == ["crime", "idiot"])
  // Ids are unique only within a row: another card of the same id is printed.
  let other = CarouselRow(
    id: "more", title: "More", cards: [CardFace(id: "idiot", title: "Dost Idiot")])
  let more = ShelfContent(
    title: "", sections: [ShelfSection(id: "s", title: nil, rows: rows + [other])])
  #expect(
    more.rankedMatches(of: "dost").map(\.face.title) == [
      "Dost Idiot", "The Idiot", "Crime and Punishment",
    ])
}

/// At the scale where the cards are scored, sorted and picked on every
/// core (runs of 2,048 cards, pieces of 4,096 matches): every card of 12
/// rows of 1,000 matches, copies held by two rows printed once, at the
/// first row's place; a card of the same id and title but another face
/// printed too; the order that of a plain sort of every match.
@Test func manyMatchesAreRankedAndPrintedOnceOnEveryCore() {
  let rows = (0..<12).map { r in
    CarouselRow(
      id: "r\(r)", title: "Row \(r)",
      cards: (0..<1_000).map { c in
        // Rows 6 to 11 hold copies of rows 0 to 5's cards; row 11's
        // subtitles differ, so its cards are not copies.
        let number = r % 6 * 1_000 + c
        return CardFace(
          id: "c\(number)", title: "card \(String(repeating: "x", count: number % 7)) \(number)",
          subtitle: r == 11 ? "other" : "")
      })
  }
  let content = ShelfContent(title: "", sections: [ShelfSection(id: "s", title: nil, rows: rows)])
  let matches = content.rankedMatches(of: "card")
  #expect(matches.count == 7_000)
  // What `shelf --filter` writes: the same cards, their lines made in place.
  let lines = content.rankedMatchLines(of: "card") { $1 += "\($0.face.id) \($0.rowTitle)\n".utf8 }
  #expect(lines.count == 7_000)
  #expect(
    String(decoding: lines.chunks.joined(), as: UTF8.self)
      == matches.map { "\($0.face.id) \($0.rowTitle)\n" }.joined())
  var seen: Set<[String]> = []
  for match in matches {
    let key = [match.face.id, match.face.title, match.face.subtitle]
    #expect(seen.insert(key).inserted, "\(key) printed twice")
  }
  // The copies are printed from the first row that holds them.
  #expect(Set(matches.filter { $0.face.subtitle.isEmpty }.map(\.rowTitle)).count == 6)
  #expect(matches.filter { $0.face.subtitle == "other" }.allSatisfy { $0.rowTitle == "Row 11" })
  // Of the cards with no subtitle: shorter titles first, a tie in the
  // content's order (row, then place in it).
  let places = matches.filter { $0.face.subtitle.isEmpty }.map { match in
    (
      match.face.title.count, Int(match.rowTitle.dropFirst(4))!,
      Int(match.face.id.dropFirst())! % 1_000
    )
  }
  #expect(zip(places, places.dropFirst()).allSatisfy { $0 < $1 })
}

@Test func aCardInSeveralRowsIsOneBestMatchAtItsBestScore() {
  var best = BestMatches(limit: 2)
  let added = [(5, 0, 0, "a"), (7, 1, 0, "b"), (9, 2, 0, "a"), (9, 3, 0, "a"), (3, 4, 0, "b")]
  for (score, row, order, id) in added { best.add(match(score, row, order, id: id)) }
  // "a" at its best score and, of the two ties, its first place; "b" once.
  #expect(
    best.matches.map { "\($0.card.id)\($0.rank.score)/\($0.rank.row)" } == ["a9/2", "b7/1"])
  // Another card of the same id (ids are unique only within a row) is held too.
  var twins = BestMatches(limit: 3)
  twins.add(match(5, 0, 0, id: "a"))
  twins.add(
    BestMatches.Match(
      rank: BestMatches.Rank(score: 7, length: 0, row: 1, order: 0),
      card: CardFace(id: "a", title: "another")))
  #expect(twins.matches.map(\.card.title) == ["another", ""])
}

@Test func aTextsMaskHoldsTheBitOfEachOfItsBytesFoldedOrNot() {
  let bytes = (0...255).map { UInt8($0) }
  bytes.withUnsafeBufferPointer { all in
    for byte in bytes {
      let one = UnsafeBufferPointer(rebasing: all[Int(byte)...Int(byte)])
      #expect(ByteMask.of(one) == ByteMask.bit(byte))
      #expect(ByteMask.of(one, foldsASCII: true) == ByteMask.bit(SearchFolding.foldedASCII(byte)))
    }
    #expect(ByteMask.of(all) == bytes.reduce(0) { $0 | ByteMask.bit($1) })
  }
}

@Test func aYearsMaskIsTheMaskOfItsDigits() {
  for year in [0, 7, 1965, -500, 2024, Int.min + 1] {
    #expect(ByteMask.of(year: year) == ByteMask.of(Array(String(year).utf8)), "\(year)")
  }
  // A query's bytes are in the mask of a text that holds them.
  let text = ByteMask.of(Array("dostoyevsky 1866".utf8))
  #expect(text & SearchQuery("dsky 66").byteMask == SearchQuery("dsky 66").byteMask)
  #expect(text & SearchQuery("zq").byteMask != SearchQuery("zq").byteMask)
}

/// A one-letter word is scored in one pass over the field, not the table
/// that a longer word fills (which asking for the places still takes): the
/// two give the same score.
@Test func aOneLetterWordScoresAsTheFullPassDoes() async {
  let letters = Array("aAbB -_/.:1xX".utf8)
  await propertyCheck(count: 300, input: Gen.draws(64)) { draws in
    var rng = draws
    let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
      letters.randomElement(using: &rng)!
    }
    let word = [SearchFolding.foldedASCII(letters.randomElement(using: &rng)!)]
    word.withUnsafeBufferPointer { word in
      text.withUnsafeBufferPointer { text in
        var places: [Int] = []
        let full = FuzzyScore.score(word, in: text, foldsASCII: true, positions: &places)
        #expect(FuzzyScore.score(word, in: text, foldsASCII: true) == full, "\(text)")
      }
    }
  }
}

/// The lines `shelf --filter` writes, made as the matches are found, are
/// those of `rankedMatches` in its order, whatever the content: rows of
/// several sections, copies of cards across rows, ties of score, thousands
/// of cards (several runs and pieces on every core), any query.
@Test func theLinesMadeAsMatchesAreFoundAreTheRankedMatchesLines() async {
  let words = ["tar", "Tarot", "star", "ätna", "the", "Then", "a-b", "x", "héte", "e"]
  let queries = ["t", "ta", "the", "t e", "'ta", "^th", "e$", "ä", "zz", ""]
  await propertyCheck(count: 24, input: Gen.draws(64)) { draws in
    var rng = draws
    var cards = SeededGenerator(seed: UInt64.random(in: 0...1_000, using: &rng))
    let pool = (0..<Int.random(in: 1...40, using: &rng)).map { index in
      CardFace(
        id: "c\(index % 7)",
        title: (0..<Int.random(in: 1...3, using: &cards)).map { _ in
          words.randomElement(using: &cards)!
        }.joined(separator: " "),
        subtitle: Bool.random(using: &cards) ? "" : words.randomElement(using: &cards)!)
    }
    let sections = (0..<Int.random(in: 1...3, using: &rng)).map { s in
      ShelfSection(
        id: "s\(s)", title: s == 0 ? nil : "Section \(s)",
        rows: (0..<Int.random(in: 1...4, using: &rng)).map { r in
          CarouselRow(
            id: "r\(r)", title: "Row \(s).\(r)",
            cards: (0..<Int.random(in: 0...1_500, using: &rng)).map { _ in
              pool.randomElement(using: &cards)!
            })
        })
    }
    let content = ShelfContent(title: "", sections: sections)
    let query = queries.randomElement(using: &rng)!
    let line: @Sendable (PickedCard) -> String = { card in
      "\(card.face.id)|\(card.face.title)|\(card.rowTitle)|\(card.sectionTitle)\n"
    }
    let matches = content.rankedMatches(of: query)
    let lines = content.rankedMatchLines(of: query) { $1 += line($0).utf8 }
    #expect(lines.count == matches.count)
    #expect(
      String(decoding: lines.chunks.joined(), as: UTF8.self) == matches.map(line).joined(),
      "\(query)")
  }
}
