import ShelfDiff

extension ShelfSection: DiffableSection {
  /// The rows: what `SectionDelta` diffs inside a section.
  public var items: [CarouselRow] { rows }

  /// Whether the header reads the same: a renamed section is a section reload;
  /// changes to its rows are row changes, not a reload of the section.
  public func hasSameHeader(as other: ShelfSection) -> Bool { title == other.title }
}
