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
  /// Compare only what a view draws for the section itself — a title, say:
  ///
  /// ```swift
  /// func hasSameHeader(as other: Shelf) -> Bool { title == other.title }
  /// ```
  ///
  /// There is deliberately no default: comparing whole sections with `==`
  /// would count every item change as a reload of its section too. A section
  /// with no header of its own returns `true`.
  ///
  /// Compare every field a view shows for the section: a field left out goes
  /// stale. When only such a field changes, the delta has no section reload,
  /// so whatever replays the delta keeps the old section, field and all, as
  /// a chain's links and a view do:
  ///
  /// ```swift
  /// struct Shelf: ChainableSection {
  ///   var id: String
  ///   var title: String
  ///   var subtitle: String  // shown under the title, but not compared:
  ///   var items: [Book]
  ///   func hasSameHeader(as other: Shelf) -> Bool { title == other.title }
  /// }
  /// // A store's shelf gets a new subtitle and nothing else: an `ItemFilter`
  /// // after the store keeps its own copy of the shelf, with the old
  /// // subtitle, and the view shows that, until the title changes too.
  /// ```
  ///
  /// Compare `subtitle` too (`title == other.title && subtitle == other.subtitle`)
  /// and the change reaches the screen as a reload of the section.
  ///
  /// - Complexity: O(1) for header fields.
  func hasSameHeader(as other: Self) -> Bool
}
