/// One field a card came with: its name and its value as text.
///
/// JSON strings are their text; numbers their literal (`4.25`); `true` and
/// `false` as written; arrays their elements joined by `, `; objects their
/// JSON text. A CSV or TSV cell is its text unquoted.
public struct CardField: Hashable, Sendable {
  /// The field's name: a JSON key or a column's header.
  public var name: String
  /// The value as text.
  public var value: String

  /// A field named `name` holding `value`.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

extension Card {
  /// The value of the field named `name` among `fields` (the first of that
  /// name), or nil when the card has none.
  ///
  /// - Complexity: O(`fields.count`).
  public func field(named name: String) -> String? {
    fields.first { $0.name == name }?.value
  }
}
