/// The order a row shows its cards in: the catalog's, or sorted by a field.
/// `s` cycles the focused row's order, `S` every row's.
public enum CardOrder: String, CaseIterable, Hashable, Sendable {
  /// As the catalog lists them.
  case catalog
  /// By title, A to Z (case and accents ignored).
  case title
  /// By year, newest first; cards without a year last.
  case year
  /// By rating, highest first; cards without a rating last.
  case rating

  /// The order after this one, back to `catalog` after the last.
  public var next: CardOrder {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// How the status line says it ("by year, newest first"); nil for the
  /// catalog's own order, which goes without saying.
  var wording: String? {
    switch self {
    case .catalog: return nil
    case .title: return "by title"
    case .year: return "by year, newest first"
    case .rating: return "by rating, highest first"
    }
  }

  /// `cards` in this order; cards that compare equal keep the catalog's
  /// order among themselves.
  ///
  /// - Complexity: O(*n* log *n*) for *n* cards; O(1) for `catalog`.
  func sorted(_ cards: [CardFace]) -> [CardFace] {
    switch self {
    case .catalog:
      return cards
    case .title:
      let keys = cards.map { SearchFolding.folded($0.title) }
      return Self.stable(cards) { keys[$0].lexicographicallyPrecedes(keys[$1]) }
    case .year:
      return Self.stable(cards) { (cards[$0].year ?? .min) > (cards[$1].year ?? .min) }
    case .rating:
      return Self.stable(cards) { (cards[$0].rating ?? -1) > (cards[$1].rating ?? -1) }
    }
  }

  /// `cards` sorted by `precedes` over their indices, ties in index order.
  private static func stable(
    _ cards: [CardFace], by precedes: (Int, Int) -> Bool
  ) -> [CardFace] {
    let order = cards.indices.sorted { precedes($0, $1) || (!precedes($1, $0) && $0 < $1) }
    return order.map { cards[$0] }
  }
}

/// Which order each row shows: one for every row (`S`), and the rows given
/// their own (`s`).
struct CardOrders: Equatable, Sendable {
  /// The order of every row without one of its own.
  var all = CardOrder.catalog
  /// Rows given their own order, by id.
  var byRow: [String: CardOrder] = [:]

  /// Whether every row shows the catalog's order.
  var isCatalog: Bool { all == .catalog && byRow.values.allSatisfy { $0 == .catalog } }

  /// The order of the row `rowID`.
  func order(ofRow rowID: String) -> CardOrder { byRow[rowID] ?? all }

  /// `content` with each row's cards in its order.
  ///
  /// - Complexity: O(*n* log *n*) for *n* cards of the rows not in the
  ///   catalog's order.
  func applied(to content: ShelfContent) -> ShelfContent {
    guard !isCatalog else { return content }
    var content = content
    for row in content.rows.indices {
      let order = order(ofRow: content.rows[row].id)
      guard order != .catalog else { continue }
      content.rows[row].cards = order.sorted(content.rows[row].cards)
    }
    return content
  }
}
