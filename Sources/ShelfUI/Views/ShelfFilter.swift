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

  /// Whether `card` matches the lowercased `needle`.
  static func matches(_ card: CardFace, _ needle: String) -> Bool {
    if contains(card.title, lowercased: needle) { return true }
    if contains(card.subtitle, lowercased: needle) { return true }
    if let year = card.year, contains(String(year), lowercased: needle) { return true }
    return card.tags.contains { contains($0, lowercased: needle) }
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
    func isPlain(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x0D }
    guard needle.allSatisfy(isPlain), text.allSatisfy(isPlain) else { return nil }
    guard needle.count <= text.count else { return false }
    func folded(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
    for start in 0...(text.count - needle.count) {  // the empty needle is found at 0
      var matched = 0
      while matched < needle.count && folded(text[start + matched]) == needle[matched] {
        matched += 1
      }
      if matched == needle.count { return true }
    }
    return false
  }
}
