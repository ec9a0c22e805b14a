import ShelfChain
import ShelfDiff

extension ShelfSection: DiffableSection {
  /// The rows: what `SectionDelta` diffs inside a section.
  public var items: [CarouselRow] { rows }

  /// Whether the header reads the same: a renamed section is a section reload;
  /// changes to its rows are row changes, not a reload of the section.
  public func hasSameHeader(as other: ShelfSection) -> Bool { title == other.title }
}

extension CarouselRow: ChainableSection {
  /// The cards: what `SectionDelta` diffs inside a row, when rows are the
  /// sections (the one shape from the source to the screen).
  public var items: [CardFace] {
    get { cards }
    set { cards = newValue }
  }

  /// Whether the row's header reads the same: its title, and its section's
  /// id and title (the table derives its section headers from them).
  public func hasSameHeader(as other: CarouselRow) -> Bool {
    title == other.title && sectionID == other.sectionID && sectionTitle == other.sectionTitle
  }
}
