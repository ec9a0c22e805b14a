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

extension SectionDelta {
  /// The change of the rows of cards `old` into `new`, found a level at a
  /// time: the rows by id, then the cards of each row in both whose cards
  /// differ. One delta, row moves and card changes together, as the
  /// converter hands it on; a card that goes to another row leaves the one
  /// and joins the other (its identity is its row's, as on screen), which
  /// spares matching a million cards across rows.
  ///
  /// - Complexity: O(rows + *c*) for *c* cards of the rows whose cards differ.
  public init(rowsOf old: [CarouselRow], to new: [CarouselRow]) {
    let rows = IndexDelta(from: old, to: new, id: \.id)
    guard rows.duplicates.isEmpty,
      let mapping = rows.indexMapping(oldCount: old.count, newCount: new.count)
    else {
      self.init(from: old, to: new)  // repeated row ids: the general diff reports them
      return
    }
    var items = SectionDelta.Items()
    var headers = IndexDelta(
      deletions: rows.deletions, insertions: rows.insertions, moves: rows.moves)
    for (t, s) in mapping.oldOfNew.enumerated() where s >= 0 {
      if !old[s].hasSameHeader(as: new[t]) {
        headers.reloads.append(IndexDelta.Reload(from: s, to: t))
      }
      guard old[s].cards != new[t].cards else { continue }
      let cards = IndexDelta(from: old[s].cards, to: new[t].cards)
      items.deletions += cards.deletions.map { ItemPath(section: s, item: $0) }
      items.insertions += cards.insertions.map { ItemPath(section: t, item: $0) }
      items.moves += cards.moves.map {
        SectionDelta.Items.Move(
          from: ItemPath(section: s, item: $0.from), to: ItemPath(section: t, item: $0.to))
      }
      items.reloads += cards.reloads.map {
        SectionDelta.Items.Reload(
          from: ItemPath(section: s, item: $0.from), to: ItemPath(section: t, item: $0.to))
      }
    }
    headers.reloads.sort { $0.from < $1.from }
    items.deletions.sort()
    items.insertions.sort()
    items.moves.sort { $0.from < $1.from }
    items.reloads.sort { $0.from < $1.from }
    self.init(sections: headers, items: items)
  }
}
