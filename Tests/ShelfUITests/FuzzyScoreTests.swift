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
  return ShelfFilter.score(card, folded: FoldedCard(card), SearchQuery(query))
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

@Test func theBestMatchesKeepTheTopInScoreThenCatalogOrder() {
  var best = BestMatches(limit: 3)
  for (score, row, order) in [(5, 0, 0), (9, 0, 1), (5, 1, 0), (9, 1, 2), (1, 2, 0), (5, 0, 3)] {
    let card = CardFace(id: "\(row).\(order)", title: "")
    best.add(BestMatches.Match(score: score, row: row, order: order, card: card))
  }
  #expect(
    best.matches.map { [$0.score, $0.row, $0.order] } == [[9, 0, 1], [9, 1, 2], [5, 0, 0]])
}

@Test func aCardInSeveralRowsIsOneBestMatchAtItsBestScore() {
  var best = BestMatches(limit: 2)
  let card = { (id: String) in CardFace(id: id, title: "") }
  let added = [(5, 0, 0, "a"), (7, 1, 0, "b"), (9, 2, 0, "a"), (9, 3, 0, "a"), (3, 4, 0, "b")]
  for (score, row, order, id) in added {
    best.add(BestMatches.Match(score: score, row: row, order: order, card: card(id)))
  }
  // "a" at its best score and, of the two ties, its first place; "b" once.
  #expect(best.matches.map { "\($0.card.id)\($0.score)/\($0.row)" } == ["a9/2", "b7/1"])
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
