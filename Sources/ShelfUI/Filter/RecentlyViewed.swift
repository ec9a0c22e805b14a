/// The cards opened with Enter this session, newest first: what the
/// "Recently viewed" row holds.
struct RecentlyViewed: Equatable, Sendable {
  /// One opened card, by where it lives in the content.
  struct Entry: Hashable, Sendable {
    /// The id of the row the card belongs to (not the recently viewed row).
    var rowID: String
    /// The card's id in that row.
    var cardID: String

    /// The card's id in the recently viewed row: unique there, since card
    /// ids are unique only within their row (the row id's length first, so
    /// no two pairs give the same text).
    var recentCardID: String { "\(rowID.utf8.count):\(rowID)\(cardID)" }
  }

  /// The row's title.
  static let title = "Recently viewed"

  /// The most cards the row holds.
  static let limit = 20

  /// Newest first, no repeats, at most `limit`.
  private(set) var entries: [Entry] = []

  /// Records that the card `cardID` of row `rowID` was opened: it goes to the
  /// front (moving there if it was already in the row), and the oldest
  /// beyond `limit` leaves.
  ///
  /// - Complexity: O(`limit`).
  mutating func open(rowID: String, cardID: String) {
    let entry = Entry(rowID: rowID, cardID: cardID)
    entries.removeAll { $0 == entry }
    entries.insert(entry, at: 0)
    if entries.count > Self.limit { entries.removeLast(entries.count - Self.limit) }
  }

  /// The entry whose card shows in the recently viewed row as `recentCardID`.
  ///
  /// - Complexity: O(`limit`).
  func entry(recentCardID: String) -> Entry? {
    entries.first { $0.recentCardID == recentCardID }
  }
}
