import ShelfDiff

/// A section that a chain can rebuild: a `DiffableSection` whose items a
/// transform may replace (filter, map, insert into) while keeping its header.
///
/// Chains compare headers with `hasSameHeader(as:)` only for the sections a
/// change touches, so implement it to compare the header fields alone when
/// sections are large.
///
/// ```swift
/// struct Shelf: ChainableSection {
///   var id: String
///   var title: String
///   var items: [Book]
///   func hasSameHeader(as other: Shelf) -> Bool { id == other.id && title == other.title }
/// }
/// ```
public protocol ChainableSection: DiffableSection, Sendable where Item: Sendable {
  /// The section's items, in order; transforms set them on a copy of the section.
  var items: [Item] { get set }
}
