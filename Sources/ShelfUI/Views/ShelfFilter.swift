/// The `/` filter: which cards match a query, and the content that shows only them.
enum ShelfFilter {
  /// The id of the placeholder row shown when nothing matches.
  static let noMatchesRowID = "\u{0}no-matches"

  /// `content` with only the cards that match `query` (case-insensitive, in the
  /// title, subtitle, year or tags); rows left empty disappear, sections left
  /// empty disappear, and if nothing is left one "no matches" row stands in.
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
        row.cards = row.cards.filter { matches($0, needle) }
        return row.cards.isEmpty ? nil : row
      }
      if !kept.rows.isEmpty { result.sections.append(kept) }
    }
    if result.sections.isEmpty {
      result.sections = [
        ShelfSection(
          id: noMatchesRowID, title: nil,
          rows: [
            CarouselRow(id: noMatchesRowID, title: "No matches for “\(query)”", cards: [])
          ])
      ]
    }
    return result
  }

  /// Whether `card` matches the lowercased `needle`.
  static func matches(_ card: CardFace, _ needle: String) -> Bool {
    if card.title.lowercased().contains(needle) { return true }
    if card.subtitle.lowercased().contains(needle) { return true }
    if let year = card.year, String(year).contains(needle) { return true }
    return card.tags.contains { $0.lowercased().contains(needle) }
  }
}
