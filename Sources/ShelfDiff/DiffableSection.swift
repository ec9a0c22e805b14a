/// A section of a sectioned list: identified, comparable, and holding items that
/// are themselves identified and comparable. `SectionDelta` diffs arrays of them.
///
/// `id` says which section it is; `items` are diffed item by item (and may move
/// to other sections); `hasSameHeader(as:)` says whether the section's own
/// content, the part a view draws for the section itself, changed.
public protocol DiffableSection: Identifiable, Equatable {
  /// The type of the section's items.
  associatedtype Item: Identifiable & Equatable

  /// The section's items, in order.
  var items: [Item] { get }

  /// Whether this section and `other` (the same section, before and after)
  /// look the same apart from their items; when not, `SectionDelta` reports a
  /// section reload.
  ///
  /// The default compares the whole sections with `==`. With a synthesized
  /// `==` that includes the items, a section whose items changed is then
  /// reloaded too; implement this to compare only the header fields (a title,
  /// say) for reloads that mean exactly "the header changed".
  ///
  /// - Complexity: O(1) for header fields; O(*n*) for the default `==` over
  ///   *n* items.
  func hasSameHeader(as other: Self) -> Bool
}

extension DiffableSection {
  /// Whether `self == other`: the default, which also counts item changes.
  ///
  /// - Complexity: That of `==`.
  @inlinable
  public func hasSameHeader(as other: Self) -> Bool { self == other }
}
