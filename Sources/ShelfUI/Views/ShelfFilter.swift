import ShelfDiff

/// The `/` filter: which cards match a query, and the content that shows only them.
///
/// A query is words separated by spaces, and a card matches when every word
/// is found in one of its fields (title, subtitle, year, a tag or any other
/// field's value), with case,
/// accents and width folded away (`SearchFolding`): its letters in order
/// (`FuzzyScore` ranks how well), or as typed in exact mode. As in fzf,
/// `'word` asks for the whole word, `^word` for a field that starts with it
/// and `word$` for one that ends with it.
enum ShelfFilter {
  /// `content` with only the cards that match `query`; rows left empty
  /// disappear, and sections left empty disappear (when nothing is left the
  /// screen says so). Each card is folded afresh: the reference the content
  /// chain's prepared, incremental filtering is held to.
  ///
  /// - Complexity: O(total card text × query length).
  static func filtered(
    _ content: ShelfContent, by query: String, isExact: Bool = false
  ) -> ShelfContent {
    let query = SearchQuery(query, isExact: isExact)
    guard !query.isEmpty else { return content }
    let rows = content.rows.compactMap { row in
      var row = row
      row.cards = row.cards.filter { matches($0, query) }
      return row.cards.isEmpty ? nil : row
    }
    return ShelfContent(title: content.title, rows: rows)
  }

  /// `filtered(_:by:isExact:)` with the "Best matches" row on top while a
  /// word is typed: every card scored afresh, the reference the content
  /// chain's ranking is held to.
  ///
  /// - Complexity: O(total card text × query length).
  static func searched(
    _ content: ShelfContent, by query: String, isExact: Bool = false
  ) -> ShelfContent {
    var result = filtered(content, by: query, isExact: isExact)
    let needle = SearchQuery(query, isExact: isExact)
    guard !needle.isEmpty else { return result }
    var ranked = BestMatches(limit: BestMatches.limit)
    var origins: [(rowID: String, rowTitle: String, sectionTitle: String)] = []
    for section in result.sections {
      for row in section.rows where row.id != ReservedID.recentlyViewed {
        for (order, card) in row.cards.enumerated() {
          guard let found = score(card, folded: FoldedCard(card), needle) else { continue }
          ranked.add(
            Match(
              rank: Rank(
                score: found.score, length: found.length, row: origins.count, order: order),
              card: card))
        }
        origins.append((row.id, row.title, section.title ?? ""))
      }
    }
    guard !ranked.matches.isEmpty else { return result }
    let cards = ranked.matches.map { match in
      let origin = origins[match.rank.row]
      return BestMatch(
        rowID: origin.rowID, rowTitle: origin.rowTitle, sectionTitle: origin.sectionTitle,
        card: match.card
      ).shownCard
    }
    result.sections.insert(
      ShelfSection(
        id: ReservedID.bestMatches, title: nil,
        rows: [CarouselRow(id: ReservedID.bestMatches, title: BestMatch.rowTitle, cards: cards)]),
      at: 0)
    return result
  }

  private typealias Match = BestMatches.Match
  private typealias Rank = BestMatches.Rank

  /// Clears the flag of each flagged card of `cards` that does not match
  /// `query`, reading the text of `folds` (made for `cards`, and made now
  /// if it was not yet: then no card is read, only bytes). With `ranks`, `folds` also keeps
  /// the row's best matches (`RowFolds.best`) for the "Best matches" row.
  ///
  /// - Complexity: O(text of the flagged cards × query length).
  static func match(
    _ cards: [CardFace], folds: RowFolds, _ query: SearchQuery, ranks: Bool = false,
    flags: inout [Bool]
  ) {
    guard folds.count == cards.count else {
      // Folds made for another row: each card is read as it is.
      for i in cards.indices where flags[i] { flags[i] = matches(cards[i], query) }
      return  // no best kept: the chain scores such a row's matches itself
    }
    folds.prepare(cards)
    // Places and scores only: a card is copied once it is among the best.
    var best = RankedPlaces(limit: BestMatches.limit)
    let needed = query.byteMask
    let ceilings = query.terms.map { Int(FuzzyScore.ceiling(letters: $0.bytes.count)) * 1024 }
    folds.withText { text, masks in
      flags.withUnsafeMutableBufferPointer { flags in
        for i in 0..<flags.count where flags[i] {
          // A card that lacks a byte of the query cannot match: one test of bits.
          guard masks[i] & needed == needed else {
            flags[i] = false
            continue
          }
          guard ranks else {
            flags[i] = matches(query) { text.fields(ofCard: i, $0) }
            continue
          }
          // The most the card could score, from which fields hold each word
          // (nil: one holds none, and it does not match): a card that could
          // not make the row's best even so (with the shortest text) is not scored.
          guard let ceiling = ceiling(of: query, ceilings, { text.fields(ofCard: i, $0) }) else {
            flags[i] = false
            continue
          }
          flags[i] = true
          guard best.admits(Rank(score: ceiling, length: 0, row: 0, order: i)) else { continue }
          if let found = score(query, fields: { text.fields(ofCard: i, $0) }) {
            best.add(Rank(score: found.score, length: found.length, row: 0, order: i))
          }
        }
      }
    }
    if ranks {
      folds.best = (query, best.ranks.map { Match(rank: $0, card: cards[$0.order]) })
    }
  }

  /// Whether `card` matches `query`, folding its text on the spot.
  static func matches(_ card: CardFace, _ query: SearchQuery) -> Bool {
    matches(card, folded: FoldedCard(card), query)
  }

  /// The fields the search reads of `card`, in order, each with its index
  /// (`FoldedCard.fields` is indexed alike), until `body` returns true;
  /// whether it did. The year is read apart, by words a year can match.
  /// What search reads of a card is said here alone.
  @inline(__always)
  static func firstField(
    of card: CardFace, where body: (_ index: Int, _ text: String) -> Bool
  ) -> Bool {
    if body(0, card.title) || body(1, card.subtitle) { return true }
    for (index, tag) in card.tags.enumerated() where body(2 + index, tag) { return true }
    // A card's other fields (a record's columns) are searched by value.
    let fieldsStart = 2 + card.tags.count
    for (index, field) in card.fields.enumerated() where body(fieldsStart + index, field.value) {
      return true
    }
    return false
  }

  /// Whether search reads the same text of `card` as of `other` (the fields
  /// `firstField(of:where:)` reads, and the year): at once for copies of one card.
  static func isSearchedAlike(_ card: CardFace, _ other: CardFace) -> Bool {
    card.isCopy(of: other)
      || (card.title == other.title && card.subtitle == other.subtitle && card.year == other.year
        && card.tags == other.tags
        && card.fields.elementsEqual(other.fields) { $0.value == $1.value })
  }

  /// A card's fields as the search reads them: `body` is called with each
  /// one's bytes, whether their ASCII is to be folded as it is read, and
  /// which field it is (`FieldKind`), until it returns true; whether it
  /// did. `firstField`, then the year, of a card (`fields(of:folded:_:)`)
  /// or of its prepared text (`CardSearchText.Reader.fields(ofCard:_:)`).
  typealias FieldVisitor = (UnsafeBufferPointer<UInt8>, Bool, FieldKind) -> Bool

  /// Which field of a card the search reads.
  enum FieldKind {
    /// The title, whose matches count more (`titleBonus`).
    case title
    /// The year, which only a word a year can match reads.
    case year
    /// Any other field.
    case other
  }

  /// What a word matched in the title earns above the same match in another
  /// field: the title is what the user sees and names, so `libc dev` finds
  /// `libc6-dev` before `libctf0` of the section `devel`.
  static let titleBonus = 24

  /// The fields of `card`, whose non-ASCII text `folded` holds folded, as
  /// `FieldVisitor` says.
  @inline(__always)
  static func fields(of card: CardFace, folded: FoldedCard, _ body: FieldVisitor) -> Bool {
    if firstField(
      of: card,
      where: { index, text in
        read(text, folded: folded.field(index)) { body($0, $1, index == 0 ? .title : .other) }
      })
    {
      return true
    }
    guard let year = card.year else { return false }
    var digits = String(year)
    return digits.withUTF8 { body($0, true, .year) }
  }

  /// Whether `card`, whose non-ASCII text `folded` holds folded, matches `query`.
  ///
  /// - Complexity: O(the card's text × query length).
  static func matches(_ card: CardFace, folded: FoldedCard, _ query: SearchQuery) -> Bool {
    matches(query) { fields(of: card, folded: folded, $0) }
  }

  /// Whether the card whose fields `fields` visits matches `query`: every
  /// word in some field.
  @inline(__always)
  static func matches(_ query: SearchQuery, fields: (FieldVisitor) -> Bool) -> Bool {
    for term in query.terms {
      let found = fields { bytes, foldsASCII, kind in
        (kind != .year || term.canMatchYear) && term.matches(bytes, foldsASCII: foldsASCII)
      }
      guard found else { return false }
    }
    return true
  }

  /// The most the card whose fields `fields` visits could score for
  /// `query` (`ceilings`: each word's `FuzzyScore.ceiling`, scaled as
  /// `score` scales it), or nil when it does not match: for each word, the
  /// ceiling less the length of the shortest field that holds it.
  ///
  /// - Complexity: O(the card's text × query length), without the pass.
  @inline(__always)
  static func ceiling(
    of query: SearchQuery, _ ceilings: [Int], _ fields: (FieldVisitor) -> Bool
  ) -> Int? {
    var total = 0
    for (index, term) in query.terms.enumerated() {
      var best = Int.min
      _ = fields { bytes, foldsASCII, kind in
        guard kind != .year || term.canMatchYear, term.matches(bytes, foldsASCII: foldsASCII)
        else { return false }
        let bonus = kind == .title ? titleBonus * 1024 : 0
        best = max(best, ceilings[index] + bonus - min(bytes.count, 1023))
        // The title's bonus outweighs any other field's shorter length: a
        // word the title holds has its ceiling there, and no later field is read.
        return kind == .title
      }
      guard best > Int.min else { return nil }
      total += best
    }
    return total
  }

  /// How well `card` matches `query`, higher first, or nil when it does
  /// not: for each word, its best field's `FuzzyScore`, less a little for
  /// a longer field (which only parts equal scores), summed; and the
  /// length of all the text search reads of it, which parts equal scores
  /// (the shorter first, as fzf prefers the shorter line).
  ///
  /// - Complexity: O(the card's text × query length).
  static func score(
    _ card: CardFace, folded: FoldedCard, _ query: SearchQuery
  ) -> (score: Int, length: Int)? {
    score(query) { fields(of: card, folded: folded, $0) }
  }

  /// `score(_:folded:_:)` of the card whose fields `fields` visits.
  @inline(__always)
  static func score(
    _ query: SearchQuery, fields: (FieldVisitor) -> Bool
  ) -> (score: Int, length: Int)? {
    var total = 0
    var length = 0
    for (index, term) in query.terms.enumerated() {
      var best = Int.min
      let ceiling = Int(FuzzyScore.ceiling(letters: term.bytes.count))
      _ = fields { bytes, foldsASCII, kind in
        if index == 0 { length += bytes.count }  // every field is visited once per word
        let bonus = kind == .title ? titleBonus : 0
        let penalty = min(bytes.count, 1023)
        // A field that could not beat the best even at the word's ceiling
        // (a title matched well, say) is not scored: the same best.
        guard (ceiling + bonus) * 1024 - penalty > best, kind != .year || term.canMatchYear,
          let found = term.score(in: bytes, foldsASCII: foldsASCII)
        else { return false }
        best = max(best, (Int(found) + bonus) * 1024 - penalty)
        return false
      }
      guard best > Int.min else { return nil }
      total += best
    }
    return (total, length)
  }

  /// `body` given the bytes of `folded` when given, else of `text`, which
  /// must then be ASCII (folded as they are read).
  @inline(__always)
  static func read<T>(
    _ text: String, folded: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> T
  ) -> T {
    if let folded { return folded.withUnsafeBufferPointer { body($0, false) } }
    // Most text is native, contiguous UTF-8: read in place, not copied.
    if let found = text.utf8.withContiguousStorageIfAvailable({ body($0, true) }) {
      return found
    }
    var text = text
    return text.withUTF8 { body($0, true) }
  }
}

/// The best matches of a query, by score: what the "Best matches" row
/// holds. Ties go to the shorter text, then keep the catalog's order (row,
/// then card). A card (its id and face) is held once, however many rows
/// hold it: at its best rank. (Ids are unique only within a row: another
/// card of the same id is held too.)
struct BestMatches: Sendable {
  /// The most cards the row holds.
  static let limit = 50

  /// Where a match ranks: the higher score first; on a tie the card with
  /// less text (as fzf's default tiebreak prefers the shorter line, so
  /// that `python` finds `python3` before `libpython3-stdlib`), then the
  /// earlier row, then the earlier card.
  struct Rank: Equatable, Sendable {
    var score: Int
    /// The length of the card's searched text (`ShelfFilter.score`).
    var length: Int
    /// The row's place in the content.
    var row: Int
    /// The card's place in its row.
    var order: Int

    /// Whether it ranks before `other`.
    @inline(__always)
    func precedes(_ other: Rank) -> Bool {
      (other.score, length, row, order) < (score, other.length, other.row, other.order)
    }
  }

  /// One match.
  struct Match: Sendable {
    var rank: Rank
    var card: CardFace

    /// Whether it ranks before `other`.
    func precedes(_ other: Match) -> Bool { rank.precedes(other.rank) }
  }

  let limit: Int
  /// The best, best first.
  private(set) var matches: [Match] = []

  init(limit: Int) { self.limit = limit }

  /// Whether a match of `rank` could be kept: false when it ranks below
  /// every one of a full list (`add` would drop it), so that its card need
  /// not be read.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func admits(_ rank: Rank) -> Bool {
    guard matches.count == limit, let last = matches.last else { return true }
    return rank.precedes(last.rank)
  }

  /// Keeps `match` if it ranks among the best `limit`, in place of a
  /// match of the same card that it ranks before.
  ///
  /// - Complexity: O(`limit`).
  mutating func add(_ match: Match) {
    if matches.count == limit, !match.precedes(matches[limit - 1]) { return }
    // A copy of the card that fell out of the best ranked below all of them,
    // and so below `match`: only a copy still held can rank before it.
    if let held = matches.firstIndex(where: { $0.card == match.card }) {
      guard match.precedes(matches[held]) else { return }
      matches.remove(at: held)
    } else if matches.count == limit {
      matches.removeLast()
    }
    var index = matches.count
    while index > 0 && match.precedes(matches[index - 1]) { index -= 1 }
    matches.insert(match, at: index)
  }
}

/// The best ranks of one pass over a row: places, not cards, so that a pass
/// copies no card and compares no id (a row's cards are told apart by their
/// place; a card in several rows is made one match across rows by
/// `BestMatches`).
struct RankedPlaces {
  let limit: Int
  /// The best, best first.
  private(set) var ranks: [BestMatches.Rank] = []

  init(limit: Int) {
    self.limit = limit
    ranks.reserveCapacity(limit)
  }

  /// Whether `rank` would be kept (`BestMatches.admits`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func admits(_ rank: BestMatches.Rank) -> Bool {
    ranks.count < limit || rank.precedes(ranks[limit - 1])
  }

  /// Keeps `rank` if it ranks among the best `limit`.
  ///
  /// - Complexity: O(`limit`).
  mutating func add(_ rank: BestMatches.Rank) {
    guard admits(rank) else { return }
    if ranks.count == limit { ranks.removeLast() }
    var index = ranks.count
    while index > 0 && rank.precedes(ranks[index - 1]) { index -= 1 }
    ranks.insert(rank, at: index)
  }
}

/// A card's text that is not ASCII, folded once (`SearchFolding`); ASCII
/// text folds on the fly as it is compared.
struct FoldedCard: Sendable {
  /// Each field (`ShelfFilter.firstField`) folded, or nil when ASCII;
  /// empty when every field is.
  private var fields: [[UInt8]?]

  /// The card of ASCII text.
  static let plain = FoldedCard(fields: [])

  /// Field `index` folded, or nil when it is ASCII.
  @inline(__always)
  func field(_ index: Int) -> [UInt8]? {
    index < fields.count ? fields[index] : nil
  }

  /// The folding of `card`'s text, or nil when it is all ASCII.
  ///
  /// - Complexity: O(the card's text).
  static func folding(_ card: CardFace) -> FoldedCard? {
    var fields: [[UInt8]?] = []
    _ = ShelfFilter.firstField(of: card) { index, text in
      guard !SearchFolding.isASCII(text) else { return false }
      fields += repeatElement(nil, count: index + 1 - fields.count)
      fields[index] = SearchFolding.folded(text)
      return false
    }
    return fields.isEmpty ? nil : FoldedCard(fields: fields)
  }

  /// The folding of `card`'s text (`plain` when it is all ASCII).
  init(_ card: CardFace) {
    self = Self.folding(card) ?? .plain
  }

  private init(fields: [[UInt8]?]) {
    self.fields = fields
  }
}

/// The folded text of a row's cards, made once per content version (off
/// the main thread), so that a key in the filter only compares bytes. Only
/// cards with text beyond ASCII take room.
///
/// The content worker makes it a moment after the content arrives, on a
/// thread of low priority (`ContentWorker`), so that the `/` prompt finds it
/// made; a filter pass that reaches a row before then makes the row's in its
/// test of the cards (it reads their text anyway). The making is behind a
/// lock: a row that a pass and the worker's job reach together is made once,
/// the second waiting for the first.
///
/// A row that changed keeps the text of its cards that did not: folds made
/// `after` the row's earlier folds copy each card whose searched fields are
/// those of the earlier card at its place (or one place on), and read only
/// the others (`prepare(_:)`). A row whose cards did not change at all keeps
/// its folds (`ShelfContent.chainRows(after:)`).
///
/// It is derived from the row's cards: two rows with the same cards have the
/// same folds, so it never makes two rows differ (`==` is always true).
final class RowFolds: @unchecked Sendable, Equatable {
  /// How many cards it is for; a row of another count folds on the spot.
  let count: Int
  /// Whether the folds are made, held while they are made and to read
  /// whether they are: the text, masks and earlier folds change only under
  /// it, and once made, never. (It guards a value of its own, not `()`: see
  /// `Locked`.)
  private let made = Locked(false)
  /// The cards' text, folded beyond ASCII, in one buffer.
  private var text = CardSearchText()
  /// For each card, the `ByteMask` of its folded text and year.
  private var masks: [UInt64] = []
  /// Made folds of the row's version before, with the cards they were made
  /// for, to copy from; let go once these are made.
  private var earlier: (cards: [CardFace], folds: RowFolds)?

  /// Whether the text is made.
  var isMade: Bool { made.withLock { $0 } }
  /// The row's best matches of the query it was last ranked for (the
  /// filter's pass over the row writes it, the chain reads it after).
  var best: (query: SearchQuery, matches: [BestMatches.Match])?

  /// The folds of no row: rows the content did not make fold on the spot.
  static let none = RowFolds(count: -1)

  /// The folds, not made yet, of a row of `count` cards; when the row's
  /// `earlierCards` had `earlier` folds, made, the cards they share are
  /// copied from those. Folds not made yet are not copied from: a row that
  /// changes faster than its folds are made is read afresh, and no older
  /// version of its cards is held on to.
  init(count: Int, earlierCards: [CardFace]? = nil, earlier: RowFolds? = nil) {
    self.count = count
    guard let earlier, let earlierCards, earlier.count == earlierCards.count, earlier.isMade
    else { return }
    self.earlier = (earlierCards, earlier)
  }

  /// Reads `cards`, the `count` cards it is for, into its text, unless it has.
  ///
  /// - Complexity: O(the cards' text) the first time (a card copied from the
  ///   earlier folds costs a comparison of its searched fields and a copy of
  ///   its bytes), O(1) after.
  func prepare(_ cards: [CardFace]) {
    made.withLock { isMade in
      guard !isMade else { return }
      make(cards)
      isMade = true
    }
  }

  /// Makes the text of `cards` (under `made`).
  private func make(_ cards: [CardFace]) {
    precondition(cards.count == count, "folds made for another row")
    // Locals, not the properties, in the loop: a class's stored property
    // costs an exclusivity check on every access.
    var masks = [UInt64](repeating: 0, count: cards.count)
    var text = CardSearchText()
    text.reserveCapacity(cards: cards.count)
    if let earlier {
      self.earlier = nil
      Self.copy(cards, from: earlier, into: &text, masks: &masks)
    } else {
      cards.withUnsafeBufferPointer { cards in
        for index in cards.indices {
          let card = cards[index]
          masks[index] = text.append(card, folding: FoldedCard.folding(card))
        }
      }
    }
    self.masks = masks
    self.text = text
  }

  /// `cards`' text into `text` and `masks`, each card's copied from
  /// `earlier` when the earlier card at its place, or the one after (a card
  /// deleted before it), is searched alike; else read. The earlier place
  /// moves on past a read card unless the next card is searched as the
  /// earlier card there (one inserted).
  ///
  /// - Complexity: O(cards) comparisons, plus the text of the cards read.
  private static func copy(
    _ cards: [CardFace], from earlier: (cards: [CardFace], folds: RowFolds),
    into text: inout CardSearchText, masks: inout [UInt64]
  ) {
    let old = earlier.cards
    let oldText = earlier.folds.text
    let oldMasks = earlier.folds.masks
    var j = 0
    for i in cards.indices {
      let card = cards[i]
      if j < old.count, ShelfFilter.isSearchedAlike(card, old[j]) {
        masks[i] = oldMasks[j]
        text.append(cardAt: j, of: oldText)
        j += 1
      } else if j + 1 < old.count, ShelfFilter.isSearchedAlike(card, old[j + 1]) {
        masks[i] = oldMasks[j + 1]
        text.append(cardAt: j + 1, of: oldText)
        j += 2
      } else {
        masks[i] = text.append(card, folding: FoldedCard.folding(card))
        let isInserted =
          i + 1 < cards.count && j < old.count && ShelfFilter.isSearchedAlike(cards[i + 1], old[j])
        if !isInserted { j += 1 }
      }
    }
  }

  /// `body` given the cards' text and their masks (after `prepare(_:)`, on
  /// its thread or one that learnt from it that they are made).
  @inline(__always)
  func withText<R>(
    _ body: (CardSearchText.Reader, UnsafeBufferPointer<UInt64>) -> R
  ) -> R {
    text.withReader { reader in masks.withUnsafeBufferPointer { body(reader, $0) } }
  }

  static func == (lhs: RowFolds, rhs: RowFolds) -> Bool { true }
}
