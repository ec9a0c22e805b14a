/// The words the chrome shows around numbers, singular or plural as the count asks.
enum Wording {
  /// `1 row`, `3 rows`, `0 rows`: `count` and the noun that agrees with it.
  static func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
  }

  /// How many sources fail, after their marks: `1 failing`.
  static func failing(_ count: Int) -> String { "\(count) failing" }

  /// `1 row matches “x”`, `3 rows match “x”`: the verb agrees too.
  static func matching(_ count: Int, query: String) -> String {
    counted(count, "row") + (count == 1 ? " matches" : " match") + " “\(query)”"
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
