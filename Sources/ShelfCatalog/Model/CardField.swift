import ShelfDiff

/// One field a card came with: its name and its value as text (the same
/// type as the screen's `CardFace.Field`, so fields are never copied).
///
/// JSON strings are their text; numbers their literal (`4.25`); `true` and
/// `false` as written; arrays their elements joined by `, `; objects their
/// JSON text. A CSV or TSV cell is its text unquoted.
public typealias CardField = NamedValue

/// The fields a card came with, in their order (the same type as the
/// screen's `CardFace.fields`): a table's records keep theirs packed, made
/// into text only when read.
public typealias CardFields = NamedValues

extension Card {
  /// The value of the field named `name` among `fields` (the first of that
  /// name), or nil when the card has none.
  ///
  /// - Complexity: O(`fields.count`); O(1) for a table's record.
  public func field(named name: String) -> String? {
    fields.value(named: name)
  }
}
