/// The words the chrome shows around numbers, singular or plural as the count asks.
enum Wording {
  /// `1 row`, `3 rows`, `0 rows`: `count` and the noun that agrees with it.
  static func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
  }

  /// How many sources fail, after their marks: `1 failing`.
  static func failing(_ count: Int) -> String { "\(count) failing" }

  /// `12 cards in 5 rows`, `1 card in 1 row`, or `no matches`: what a
  /// filter found.
  static func found(cards: Int, rows: Int) -> String {
    cards == 0 ? "no matches" : counted(cards, "card") + " in " + counted(rows, "row")
  }

  /// `1 card in 1 row matches “x”`, `3 cards in 2 rows match “x”`, `no
  /// matches for “x”`: the verb agrees too.
  static func matching(cards: Int, rows: Int, query: String) -> String {
    guard cards > 0 else { return "no matches for “\(query)”" }
    return found(cards: cards, rows: rows) + (cards == 1 ? " matches" : " match") + " “\(query)”"
  }

  /// The note a query cut at `limit` characters shows: `filter cut at 4,096 characters`.
  static func queryCut(at limit: Int) -> String {
    var digits = String(limit)
    var grouped = ""
    while digits.count > 3 {
      grouped = "," + digits.suffix(3) + grouped
      digits.removeLast(3)
    }
    return "filter cut at \(digits + grouped) characters"
  }

  /// What a screen below the minimum size says.
  static func tooSmall(needs size: Size) -> String {
    tooSmallPieces(needs: size).joined(separator: " ")
  }

  /// `tooSmall(needs:)` in the two pieces it breaks into first.
  static func tooSmallPieces(needs size: Size) -> [String] {
    ["terminal too small", "(needs \(size.width) x \(size.height))"]
  }
}
