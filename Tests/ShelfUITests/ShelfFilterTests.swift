import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import ShelfUI

private func folded(_ text: String) -> String {
  String(decoding: SearchFolding.folded(text), as: UTF8.self)
}

private func matches(_ card: CardFace, _ query: String, isExact: Bool = false) -> Bool {
  ShelfFilter.matches(card, SearchQuery(query, isExact: isExact))
}

// MARK: - Folding

@Test func foldingDropsTheMarksOfTheCanonicalDecomposition() {
  #expect(folded("Misérables") == "miserables")
  #expect(folded("Natsume Sōseki") == "natsume soseki")
  #expect(folded("Karel Čapek") == "karel capek")
  #expect(folded("Brontë") == "bronte")
  #expect(folded("Mise\u{301}rables") == "miserables")  // a combining accent, as typed on a Mac
  #expect(folded("Ệ") == "e")  // two marks
  #expect(folded("Ǖ") == "u")  // a marked letter with a mark again
  #expect(folded("ﬁ") == "fi")  // case folding spells a ligature out
}

@Test func foldingFoldsCase() {
  #expect(folded("KUROSAWA") == "kurosawa")
  #expect(folded("ΣΟΦΊΑ") == "σοφια")
  #expect(folded("Straße") == "strasse")
  #expect(folded("\u{212A}elvin") == "kelvin")  // the Kelvin sign
  #expect(folded("İstanbul") == "istanbul")
}

@Test func foldingFoldsWidth() {
  #expect(folded("ＡＢＣ１２３") == "abc123")
  #expect(folded("Ｓｏｓｅｋｉ") == "soseki")
  #expect(folded("a\u{3000}b") == "a b")  // the ideographic space separates words
  #expect(folded("ｶﾀｶﾅ") == "カタカナ")  // halfwidth kana to the ordinary ones
}

@Test func foldingLeavesWhatHasNothingToFoldAlone() {
  #expect(folded("七人の侍") == "七人の侍")
  #expect(folded("ガ") == "ガ")  // a voiced kana keeps its voicing
  #expect(folded("한국") == "한국")
  #expect(folded("1954 — ★") == "1954 — ★")
}

@Test func foldingByCharacterMapsEveryByteToItsCharacter() {
  let (bytes, characters) = SearchFolding.foldedByCharacter("Sōe\u{301}X")
  #expect(String(decoding: bytes, as: UTF8.self) == "soex")
  #expect(characters == [0, 1, 2, 3])
  let wide = SearchFolding.foldedByCharacter("ß七")
  #expect(wide.characters == [0, 0, 1, 1, 1])
}

/// Letters, accented ones composed and not, wide ones and spaces, that
/// Foundation folds as the filter does.
private let pieces = [
  "a", "B", "c", "E", "e", "é", "e\u{301}", "É", "ō", "Ō", "Č", "č", "ａ", "Ｂ", "1", "9", "書",
  "ë", " ",
]

/// Whether Foundation, folding the same way, finds every word of `query` in
/// one of `fields`: the filter's answer, worked out another way.
private func foundationMatches(_ fields: [String], _ query: String) -> Bool {
  let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
  return query.split(separator: " ").allSatisfy { word in
    fields.contains { $0.range(of: word, options: options) != nil }
  }
}

/// Whether every word of `query`, folded by Foundation, has its characters
/// in order in one of `fields`, folded alike: the fuzzy filter's answer.
private func foundationMatchesInOrder(_ fields: [String], _ query: String) -> Bool {
  func fold(_ text: String) -> [Unicode.Scalar] {
    Array(
      text.folding(
        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
      )
      .unicodeScalars)
  }
  return query.split(separator: " ").allSatisfy { word in
    fields.contains { field in
      var rest = fold(String(word))[...]
      for scalar in fold(field) where rest.first == scalar { rest = rest.dropFirst() }
      return rest.isEmpty
    }
  }
}

/// Twenty cards and queries made of `pieces`, from `draws`.
private func cardsAndQueries(_ draws: Draws) -> [(card: CardFace, query: String)] {
  var rng = draws
  func text(_ count: ClosedRange<Int>) -> String {
    (0..<Int.random(in: count, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
  }
  return (0..<20).map { _ in
    (
      CardFace(id: "c", title: text(0...10), subtitle: text(0...6), tags: [text(0...4)]),
      text(1...5)
    )
  }
}

/// The fields a card is searched in, and how a failure names them.
private func fields(of card: CardFace) -> [String] { [card.title, card.subtitle] + card.tags }

@Test func fuzzyMatchingAgreesWithFoundationsFoldedLettersInOrder() async {
  await propertyCheck(count: 200, input: Gen.draws(2048)) { draws in
    for (card, query) in cardsAndQueries(draws) {
      #expect(
        matches(card, query) == foundationMatchesInOrder(fields(of: card), query),
        "\(fields(of: card)) ∋ \(query.debugDescription)")
    }
  }
}

@Test func exactMatchingAgreesWithFoundationsFoldedSearch() async {
  await propertyCheck(count: 200, input: Gen.draws(2048)) { draws in
    for (card, query) in cardsAndQueries(draws) {
      #expect(
        matches(card, query, isExact: true) == foundationMatches(fields(of: card), query),
        "\(fields(of: card)) ∋ \(query.debugDescription)")
    }
  }
}

// MARK: - Words

private let samurai = CardFace(
  id: "seven-samurai", title: "七人の侍", subtitle: "Akira Kurosawa", year: 1954,
  tags: ["film", "jidaigeki"])
private let miserables = CardFace(
  id: "les-miserables", title: "Les Misérables", subtitle: "Victor Hugo", year: 1862,
  tags: ["novel", "the people"])

@Test func everyWordMustMatchInSomeField() {
  #expect(matches(samurai, "kurosawa 1954"))
  #expect(matches(samurai, "1954 kurosawa"))  // in any order
  #expect(matches(samurai, "  kurosawa   jidai  "))  // a tag, and extra spaces
  #expect(matches(samurai, "七人 akira"))
  #expect(!matches(samurai, "kurosawa 1955"))
  #expect(!matches(samurai, "kurosawa hugo"))
  #expect(matches(samurai, "krsw"))  // letters in order, gaps allowed
  #expect(!matches(samurai, "krsw", isExact: true))
  #expect(matches(miserables, "MISERABLES hugo"))
  #expect(matches(miserables, "people"))  // a tag of two words
  #expect(!matches(miserables, "people 1954"))
}

@Test func aWholeWordIsNotFoundInsideALongerOne() {
  #expect(matches(miserables, "'les"))
  #expect(matches(miserables, "'hugo"))
  #expect(!matches(miserables, "'miser"))
  #expect(matches(miserables, "miser"))
  #expect(matches(miserables, "'the"))  // the tag "the people"
  #expect(!matches(samurai, "'kuro"))
}

@Test func anchorsPinAWordToTheStartOrEndOfAField() {
  #expect(matches(miserables, "^les"))
  #expect(!matches(miserables, "^mis"))
  #expect(matches(miserables, "^vic"))  // the subtitle's start
  #expect(matches(miserables, "rables$"))
  #expect(!matches(miserables, "misera$"))
  #expect(matches(miserables, "^victor hugo$"))  // two words, each anchored
  #expect(matches(miserables, "^novel$"))  // a whole tag
  #expect(!matches(miserables, "^nove$"))
  #expect(matches(samurai, "^1954$"))
  #expect(matches(samurai, "^19"))
}

@Test func aMarkAloneIsText() {
  let card = CardFace(id: "c", title: "Cost $5 ^ up", subtitle: "O'Brien")
  #expect(matches(card, "$"))
  #expect(matches(card, "^"))
  #expect(matches(card, "'"))
  #expect(matches(card, "o'b"))
  #expect(!matches(card, "^$"))  // no field is "$"
}

@Test func aLongerQueryNarrowsOnlyWhenEveryCardItMatchesTheShorterOneMatchesToo() {
  func narrows(_ longer: String, _ shorter: String) -> Bool {
    SearchQuery(longer).narrows(SearchQuery(shorter))
  }
  #expect(narrows("kuro", "kur"))
  #expect(narrows("kurosawa 1", "kurosawa"))
  #expect(narrows("kurosawa 19", "kurosawa 1"))
  #expect(narrows("^kur", "kur"))
  #expect(narrows("^kur", "^ku"))
  #expect(!narrows("^kur", "ur$"))
  #expect(!narrows("'kur", "'ku"))
  #expect(narrows("krsw", "ksw"))  // letters in order: a longer word keeps them
  #expect(!narrows("kr", "^k"))
  #expect(narrows("'kur", "ku"))
  #expect(!narrows("ku", "kur"))
  #expect(!narrows("kurosawa", "kurosawa 1"))
  #expect(narrows("anything", ""))
}

// MARK: - Highlights

@Test func theHighlighterMarksTheCharactersEachWordMatched() throws {
  let highlighter = try #require(SearchHighlighter("kurosawa 1954"))
  let marks = try #require(highlighter.marks(for: CardLabel(samurai)))
  #expect(marks.title.isEmpty)
  #expect(marks.subtitle == [6..<14])
  #expect(marks.year == [0..<4])
  #expect(marks.note == nil)
  let accented = try #require(SearchHighlighter("miserables"))
  #expect(accented.marks(for: CardLabel(miserables))?.title == [4..<14])
}

@Test func aCardFoundOnlyThroughATagShowsIt() throws {
  let highlighter = try #require(SearchHighlighter("jidai"))
  let marks = try #require(highlighter.marks(for: CardLabel(samurai)))
  #expect(marks.note == "#jidaigeki")
  #expect(marks.noteMarks == [1..<6])
  #expect(SearchHighlighter("")?.marks(for: CardLabel(samurai)) == nil)
  #expect(try #require(SearchHighlighter("zzz")).marks(for: CardLabel(samurai)) == nil)
}

// MARK: - Kept fields

@Test func aCardMatchesByAnyOfItsKeptFields() {
  let card = CardFace(
    id: "ls", title: "ls",
    fields: [
      .init(name: "description", value: "list directory contents"),
      .init(name: "note", value: "Größe"),
    ])
  #expect(matches(card, "directory"))
  #expect(matches(card, "ls contents"))
  #expect(matches(card, "grosse"))
  #expect(!matches(card, "description"))  // a field's name is not its text
  var flags = [true]
  ShelfFilter.match([card], folds: RowFolds(count: 1), SearchQuery("grosse"), flags: &flags)
  #expect(flags == [true])
}

// MARK: - Narrowing and the prepared text

/// A query that `query` grows into as a user types on: a letter, or a word
/// (plain, or marked `'`, `^` or `$`), put at its end or inside it.
private func grown(_ query: String, using rng: inout Draws) -> String {
  let piece = pieces.randomElement(using: &rng)!
  switch Int.random(in: 0..<4, using: &rng) {
  case 0: return query + piece
  case 1:
    let marks = ["", "'", "^", ""]
    return query + " " + marks.randomElement(using: &rng)! + piece
      + (Bool.random(using: &rng) ? "$" : "")
  case 2:
    var characters = Array(query)
    characters.insert(contentsOf: piece, at: Int.random(in: 0...characters.count, using: &rng))
    return String(characters)
  default: return "^" + query
  }
}

/// The filter tests only the cards the last query showed when the new one
/// narrows it (`SearchQuery.narrows`): that is sound only if every card the
/// new query matches, the last one matched.
@Test func aNarrowingQueryMatchesNoCardTheQueryItGrewFromMissed() async {
  await propertyCheck(count: 200, input: Gen.draws(2048)) { draws in
    var rng = draws
    for (card, query) in cardsAndQueries(draws) {
      let longer = grown(query, using: &rng)
      for isExact in [false, true] {
        let old = SearchQuery(query, isExact: isExact)
        let new = SearchQuery(longer, isExact: isExact)
        guard new.narrows(old), ShelfFilter.matches(card, new) else { continue }
        #expect(
          ShelfFilter.matches(card, old),
          "\(fields(of: card)): \(longer.debugDescription) but not \(query.debugDescription)")
      }
    }
  }
}

/// A row's prepared text (`CardSearchText`, read by the `/` filter's
/// passes) scores and matches every card as the card's own fields do.
@Test func thePreparedTextOfARowScoresEveryCardAsItsFieldsDo() async {
  await propertyCheck(count: 200, input: Gen.draws(2048)) { draws in
    var rng = draws
    let cases = cardsAndQueries(draws)
    let cards = cases.map { pair in
      var card = pair.card
      if Bool.random(using: &rng) { card.year = Int.random(in: -20...2030, using: &rng) }
      if Bool.random(using: &rng) {
        card.fields = [.init(name: "note", value: pair.query + card.title)]
      }
      return card
    }
    let folds = RowFolds(count: cards.count)
    folds.prepare(cards)
    for (_, query) in cases {
      for isExact in [false, true] {
        let needle = SearchQuery(query, isExact: isExact)
        var flags = [Bool](repeating: true, count: cards.count)
        ShelfFilter.match(cards, folds: folds, needle, ranks: true, flags: &flags)
        folds.withText { text, _ in
          for (index, card) in cards.enumerated() {
            let expected = ShelfFilter.score(card, folded: FoldedCard(card), needle)
            let read = ShelfFilter.score(needle) { text.fields(ofCard: index, $0) }
            #expect(read?.score == expected?.score && read?.length == expected?.length)
            #expect(flags[index] == (expected != nil), "\(fields(of: card)) ∋ \(query)")
          }
        }
      }
    }
  }
}

/// A row's best matches, which the filter's pass keeps as it tests the
/// row (scoring only the cards that could still make them), are the best
/// `BestMatches.limit` of every card of the row scored.
@Test func aRowsBestMatchesAreItsBestCardsScoredOneByOne() async {
  let words = ["the", "The", "a", "ab", "ba", "the end", "bathe", "b", "hat", "é", "t-h-e"]
  await propertyCheck(count: 100, input: Gen.draws(1024)) { draws in
    var rng = draws
    // Many cards of few words: many of them tie.
    let cards = (0..<Int.random(in: 40...160, using: &rng)).map { index in
      CardFace(
        id: "c\(index)", title: words.randomElement(using: &rng)!,
        subtitle: Bool.random(using: &rng) ? words.randomElement(using: &rng)! : "")
    }
    let query = ["t", "th", "the", "a", "b e", "'the"].randomElement(using: &rng)!
    let needle = SearchQuery(query)
    let folds = RowFolds(count: cards.count)
    var flags = [Bool](repeating: true, count: cards.count)
    ShelfFilter.match(cards, folds: folds, needle, ranks: true, flags: &flags)
    var expected = BestMatches(limit: BestMatches.limit)
    for (order, card) in cards.enumerated() {
      guard let found = ShelfFilter.score(card, folded: FoldedCard(card), needle) else { continue }
      let rank = BestMatches.Rank(score: found.score, length: found.length, row: 0, order: order)
      expected.add(BestMatches.Match(rank: rank, card: card))
    }
    #expect(folds.best?.matches.map(\.rank) == expected.matches.map(\.rank), "\(query)")
  }
}
