/// The `/` filter: which cards match a query, and the content that shows only them.
enum ShelfFilter {
  /// `content` with only the cards that match `query` (case-insensitive, in the
  /// title, subtitle, year or tags); rows left empty disappear, and sections
  /// left empty disappear (when nothing is left the screen says so).
  ///
  /// - Complexity: O(total card text).
  static func filtered(_ content: ShelfContent, by query: String) -> ShelfContent {
    let needle = query.lowercased()
    guard !needle.isEmpty else { return content }
    var result = ShelfContent(title: content.title, sections: [])
    for section in content.sections {
      var kept = section
      kept.rows = section.rows.compactMap { row in
        var row = row
        row.cards = matching(row.cards, needle)
        return row.cards.isEmpty ? nil : row
      }
      if !kept.rows.isEmpty { result.sections.append(kept) }
    }
    return result
  }

  /// The cards of `cards` that match `needle`; `cards` itself, not a copy,
  /// when every one does (a short query matches most of a large catalog).
  static func matching(_ cards: [CardFace], _ needle: String) -> [CardFace] {
    guard let miss = cards.firstIndex(where: { !matches($0, needle) }) else { return cards }
    var kept = Array(cards[..<miss])
    for card in cards[(miss + 1)...] where matches(card, needle) { kept.append(card) }
    return kept
  }

  /// A lowercased query, prepared once for matching many cards.
  struct Needle: Sendable {
    /// The query, lowercased.
    let text: String
    /// Whether a year, written in decimal, can contain it.
    let canMatchYear: Bool

    /// `query`, lowercased.
    ///
    /// - Complexity: O(`query.count`).
    init(_ query: String) {
      text = query.lowercased()
      canMatchYear = text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 &- 0x30 < 10 }
    }

    /// Whether every card matches it.
    var isEmpty: Bool { text.isEmpty }

    /// Whether every text that contains this needle contains `other` too
    /// (so cards this one matches are among those `other` matches).
    ///
    /// - Complexity: O(`text.count` × `other.text.count`).
    func narrows(_ other: Needle) -> Bool { other.isEmpty || text.contains(other.text) }
  }

  /// Clears the flag of each flagged card of `cards` that does not match
  /// `needle`; the stand-in card of an empty row matches nothing.
  ///
  /// - Complexity: O(text of the flagged cards × `needle.text.utf8.count`).
  static func match(_ cards: [CardFace], _ needle: Needle, flags: inout [Bool]) {
    for i in cards.indices where flags[i] {
      flags[i] = cards[i].id != ReservedID.emptyRowCard && matches(cards[i], needle)
    }
  }

  /// Whether `card` matches the lowercased `needle`.
  static func matches(_ card: CardFace, _ needle: String) -> Bool {
    matches(card, Needle(needle))
  }

  /// Whether `card` matches `needle`.
  ///
  /// - Complexity: O(the card's text × `needle.text.utf8.count`).
  static func matches(_ card: CardFace, _ needle: Needle) -> Bool {
    if contains(card.title, lowercased: needle.text) { return true }
    if contains(card.subtitle, lowercased: needle.text) { return true }
    // Only digits and a sign can be in a year: skip making its text otherwise.
    if needle.canMatchYear, let year = card.year, contains(String(year), lowercased: needle.text) {
      return true
    }
    return card.tags.contains { contains($0, lowercased: needle.text) }
  }

  /// `text.lowercased().contains(needle)`, for an already lowercased `needle`.
  ///
  /// Every keystroke in the filter asks this of every card, so when both are
  /// ASCII (without a carriage return, which pairs with a line feed into one
  /// character) the bytes are compared, folding `A`–`Z`, with no allocation;
  /// there the answer is the same. Other text takes the general path.
  ///
  /// - Complexity: O(`text.utf8.count` × `needle.utf8.count`).
  static func contains(_ text: String, lowercased needle: String) -> Bool {
    let answer =
      text.utf8.withContiguousStorageIfAvailable { text in
        needle.utf8.withContiguousStorageIfAvailable { needle in
          containsASCII(text, needle)
        } ?? nil
      } ?? nil
    return answer ?? text.lowercased().contains(needle)
  }

  /// Whether ASCII `text`, folded to lower case, contains ASCII `needle`; nil
  /// if either is not ASCII or holds a carriage return.
  private static func containsASCII(
    _ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    guard isPlain(needle), isPlain(text) else { return nil }
    guard let first = needle.first else { return true }  // the empty needle is found at 0
    guard needle.count <= text.count else { return false }
    func folded(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
    // Candidates by their first byte; the rest is compared only there.
    for start in 0...(text.count - needle.count) where folded(text[start]) == first {
      var matched = 1
      while matched < needle.count && folded(text[start + matched]) == needle[matched] {
        matched += 1
      }
      if matched == needle.count { return true }
    }
    return false
  }

  /// Whether `bytes` are ASCII without a carriage return; one branch-free
  /// pass, as most text is.
  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var high: UInt8 = 0
    var returns: UInt8 = 0
    for byte in bytes {
      high |= byte
      returns |= byte == 0x0D ? 1 : 0
    }
    return high < 0x80 && returns == 0
  }
}
