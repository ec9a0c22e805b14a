/// The `/` filter: which cards match a query, and the content that shows only them.
///
/// A query is words separated by spaces, and a card matches when every word
/// is found in one of its fields (title, subtitle, year, a tag or any other
/// field's value), with case,
/// accents and width folded away (`SearchFolding`). As in fzf, `'word` asks
/// for the whole word, `^word` for a field that starts with it and `word$`
/// for one that ends with it.
enum ShelfFilter {
  /// `content` with only the cards that match `query`; rows left empty
  /// disappear, and sections left empty disappear (when nothing is left the
  /// screen says so). Each card is folded afresh: the reference the content
  /// chain's prepared, incremental filtering is held to.
  ///
  /// - Complexity: O(total card text × query length).
  static func filtered(_ content: ShelfContent, by query: String) -> ShelfContent {
    let query = SearchQuery(query)
    guard !query.isEmpty else { return content }
    var result = ShelfContent(title: content.title, sections: [])
    for section in content.sections {
      var kept = section
      kept.rows = section.rows.compactMap { row in
        var row = row
        row.cards = row.cards.filter { matches($0, query) }
        return row.cards.isEmpty ? nil : row
      }
      if !kept.rows.isEmpty { result.sections.append(kept) }
    }
    return result
  }

  /// Clears the flag of each flagged card of `cards` that does not match
  /// `query`, reading the folded text of `folds` (made for `cards`, and
  /// folded now if it was not yet); the stand-in card of an empty row
  /// matches nothing.
  ///
  /// - Complexity: O(text of the flagged cards × query length).
  static func match(
    _ cards: [CardFace], folds: RowFolds, _ query: SearchQuery, flags: inout [Bool]
  ) {
    let isPrepared = folds.count == cards.count
    if isPrepared { folds.prepare(cards) }
    for i in cards.indices where flags[i] {
      let card = cards[i]
      guard card.id != ReservedID.emptyRowCard else {
        flags[i] = false
        continue
      }
      flags[i] =
        isPrepared
        ? matches(card, folded: folds.folded(at: i), query)
        : matches(card, query)
    }
  }

  /// Whether `card` matches `query`, folding its text on the spot.
  static func matches(_ card: CardFace, _ query: SearchQuery) -> Bool {
    matches(card, folded: FoldedCard(card), query)
  }

  /// Whether `card`, whose non-ASCII text `folded` holds folded, matches `query`.
  ///
  /// - Complexity: O(the card's text × query length).
  static func matches(_ card: CardFace, folded: FoldedCard, _ query: SearchQuery) -> Bool {
    for term in query.terms {
      if search(term, in: card.title, folded: folded.title) { continue }
      if search(term, in: card.subtitle, folded: folded.subtitle) { continue }
      if term.canMatchYear, let year = card.year, search(term, in: String(year), folded: nil) {
        continue
      }
      var isFound = false
      for (index, tag) in card.tags.enumerated() {
        let foldedTag = folded.tags.isEmpty ? nil : folded.tags[index]
        if search(term, in: tag, folded: foldedTag) {
          isFound = true
          break
        }
      }
      // A card's other fields (a record's columns) are searched by value.
      if !isFound {
        for (index, field) in card.fields.enumerated() {
          let foldedField = folded.fields.isEmpty ? nil : folded.fields[index]
          if search(term, in: field.value, folded: foldedField) {
            isFound = true
            break
          }
        }
      }
      if !isFound { return false }
    }
    return true
  }

  /// Whether `term` is found in `text`, or in `folded` (`text` folded)
  /// when given; without it `text` must be ASCII.
  static func search(_ term: SearchQuery.Term, in text: String, folded: [UInt8]?) -> Bool {
    if let folded {
      return folded.withUnsafeBufferPointer { term.firstMatch(in: $0, foldsASCII: false) != nil }
    }
    // Most text is native, contiguous UTF-8: read in place, not copied.
    if let found = text.utf8.withContiguousStorageIfAvailable({
      term.firstMatch(in: $0, foldsASCII: true) != nil
    }) {
      return found
    }
    var text = text
    return text.withUTF8 { term.firstMatch(in: $0, foldsASCII: true) != nil }
  }
}

/// A card's text that is not ASCII, folded once (`SearchFolding`); ASCII
/// text folds on the fly as it is compared.
struct FoldedCard: Sendable {
  /// The title folded, or nil when it is ASCII.
  var title: [UInt8]?
  /// The subtitle folded, or nil when it is ASCII.
  var subtitle: [UInt8]?
  /// Each tag folded or nil when ASCII; empty when every tag is ASCII.
  var tags: [[UInt8]?]
  /// Each other field's value folded or nil when ASCII; empty when every one is ASCII.
  var fields: [[UInt8]?]

  /// The card of ASCII text.
  static let plain = FoldedCard(title: nil, subtitle: nil, tags: [], fields: [])

  /// The folding of `card`'s text, or nil when it is all ASCII.
  ///
  /// - Complexity: O(the card's text).
  static func folding(_ card: CardFace) -> FoldedCard? {
    let title = folding(card.title)
    let subtitle = folding(card.subtitle)
    var tags: [[UInt8]?] = []
    if card.tags.contains(where: { !SearchFolding.isASCII($0) }) { tags = card.tags.map(folding) }
    var fields: [[UInt8]?] = []
    if card.fields.contains(where: { !SearchFolding.isASCII($0.value) }) {
      fields = card.fields.map { folding($0.value) }
    }
    guard title != nil || subtitle != nil || !tags.isEmpty || !fields.isEmpty else { return nil }
    return FoldedCard(title: title, subtitle: subtitle, tags: tags, fields: fields)
  }

  /// The folding of `card`'s text (`plain` when it is all ASCII).
  init(_ card: CardFace) {
    self = Self.folding(card) ?? .plain
  }

  private init(title: [UInt8]?, subtitle: [UInt8]?, tags: [[UInt8]?], fields: [[UInt8]?]) {
    self.title = title
    self.subtitle = subtitle
    self.tags = tags
    self.fields = fields
  }

  private static func folding(_ text: String) -> [UInt8]? {
    SearchFolding.isASCII(text) ? nil : SearchFolding.folded(text)
  }
}

/// The folded text of a row's cards, made once per content version (off
/// the main thread, by the first filter pass that tests the row), so that a
/// key in the filter only compares bytes. Only cards with text beyond ASCII
/// take room.
///
/// The first pass makes it, in its test of the row's cards: that pass reads
/// the cards' text anyway, on every core, so the chain is built at once when
/// the `/` prompt opens, and no later key folds again. The chain's passes run
/// one after another on the content worker's queue and each row is tested by
/// one thread of a pass, so no two threads make it at once.
///
/// It is derived from the row's cards: two rows with the same cards have the
/// same folds, so it never makes two rows differ (`==` is always true).
final class RowFolds: @unchecked Sendable, Equatable {
  /// How many cards it is for; a row of another count folds on the spot.
  let count: Int
  /// For each card, its index in `cards`, or -1 when it is all ASCII; empty
  /// when every card is.
  private var slots: [Int32] = []
  private var cards: [FoldedCard] = []
  private var isMade = false

  /// The folds of no row: rows the content did not make fold on the spot.
  static let none = RowFolds(count: -1)

  /// The folds, not made yet, of a row of `count` cards.
  init(count: Int) { self.count = count }

  /// Folds `cards`, the `count` cards it is for, unless it has.
  ///
  /// - Complexity: O(the cards' text) the first time, O(1) after.
  func prepare(_ cards: [CardFace]) {
    guard !isMade else { return }
    precondition(cards.count == count, "folds made for another row")
    isMade = true
    cards.withUnsafeBufferPointer { cards in
      for index in cards.indices {
        guard let folding = FoldedCard.folding(cards[index]) else { continue }
        if slots.isEmpty { slots = [Int32](repeating: -1, count: cards.count) }
        slots[index] = Int32(self.cards.count)
        self.cards.append(folding)
      }
    }
  }

  /// The folded text of card `index` (after `prepare(_:)`).
  func folded(at index: Int) -> FoldedCard {
    guard !slots.isEmpty, slots[index] >= 0 else { return .plain }
    return cards[Int(slots[index])]
  }

  static func == (lhs: RowFolds, rhs: RowFolds) -> Bool { true }
}
