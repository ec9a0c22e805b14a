/// A name and its value as text: one field a card came with.
///
/// Here, below both the catalog model and the screen, so that a card's
/// fields pass from one to the other as the same array, never copied (a
/// million records' fields are most of their memory).
public struct NamedValue: Hashable, Sendable {
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
