import ShelfDiff

extension Section: DiffableSection {
  /// The section's rows: the items a `SectionDelta` diffs.
  public var items: [Row] { rows }

  /// Whether the heading is the same; row changes are reported per row.
  public func hasSameHeader(as other: Section) -> Bool { title == other.title }
}

/// The changes from one catalog to another, by id, as `shelf diff` prints them.
///
/// Sections are matched by id; rows by id across the whole catalog (a row that
/// changes section is moved; within a section the moves are minimal); cards by
/// id within their row (a card that changes rows is deleted from one and
/// inserted into the other).
public struct CatalogDiff: Equatable, Sendable {
  /// The ids of what changed in one list, in a fixed order: inserted, moved
  /// and reloaded in the new catalog's order, deleted in the old catalog's.
  public struct Changes: Equatable, Sendable {
    /// Ids that are new.
    public var inserted: [String]
    /// Ids that are gone.
    public var deleted: [String]
    /// Ids that changed place (for rows: section, or place among the section's surviving rows).
    public var moved: [String]
    /// Ids whose content changed (for sections: the heading; for rows: title or cards).
    public var reloaded: [String]

    /// Changes from their parts.
    public init(
      inserted: [String] = [], deleted: [String] = [], moved: [String] = [],
      reloaded: [String] = []
    ) {
      self.inserted = inserted
      self.deleted = deleted
      self.moved = moved
      self.reloaded = reloaded
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
      inserted.isEmpty && deleted.isEmpty && moved.isEmpty && reloaded.isEmpty
    }
  }

  /// Section changes.
  public var sections: Changes
  /// Row changes across the whole catalog.
  public var rows: Changes
  /// Card changes of each row present in both catalogs whose cards changed,
  /// in the new catalog's row order (a repeated row id is keyed `id#2`, `id#3`).
  public var cards: [(rowID: String, changes: Changes)]

  /// The diff from `old` to `new`.
  ///
  /// - Complexity: O(*n* log *n*) in the number of rows and cards.
  public init(from old: Catalog, to new: Catalog) {
    let delta = SectionDelta(from: old.sections, to: new.sections)
    let oldSections = old.sections
    let newSections = new.sections

    sections = Changes(
      inserted: delta.sections.insertions.map { newSections[$0].id },
      deleted: delta.sections.deletions.map { oldSections[$0].id },
      moved: delta.sections.moves.sorted { $0.to < $1.to }.map { newSections[$0.to].id },
      reloaded: delta.sections.reloads.sorted { $0.to < $1.to }.map { newSections[$0.to].id })

    func oldRow(_ path: ItemPath) -> Row { oldSections[path.section].rows[path.item] }
    func newRow(_ path: ItemPath) -> Row { newSections[path.section].rows[path.item] }

    // Rows of inserted and deleted sections are implicit in a SectionDelta;
    // by id they are inserted and deleted rows unless they moved.
    let movedFrom = Set(delta.items.moves.map(\.from))
    let movedTo = Set(delta.items.moves.map(\.to))
    var insertedRows = delta.items.insertions
    for section in delta.sections.insertions {
      for item in newSections[section].rows.indices
      where !movedTo.contains(ItemPath(section: section, item: item)) {
        insertedRows.append(ItemPath(section: section, item: item))
      }
    }
    var deletedRows = delta.items.deletions
    for section in delta.sections.deletions {
      for item in oldSections[section].rows.indices
      where !movedFrom.contains(ItemPath(section: section, item: item)) {
        deletedRows.append(ItemPath(section: section, item: item))
      }
    }
    let reloads = delta.items.reloads.sorted { $0.to < $1.to }
    rows = Changes(
      inserted: insertedRows.sorted().map { newRow($0).id },
      deleted: deletedRows.sorted().map { oldRow($0).id },
      moved: delta.items.moves.sorted { $0.to < $1.to }.map { newRow($0.to).id },
      reloaded: reloads.map { newRow($0.to).id })

    var cards: [(String, Changes)] = []
    var keysUsed: [String: Int] = [:]
    for reload in reloads {
      let before = oldRow(reload.from).items
      let after = newRow(reload.to).items
      let cardDelta = IndexDelta(from: before, to: after)
      guard !cardDelta.isEmpty else { continue }
      let rowID = newRow(reload.to).id
      let uses = keysUsed[rowID, default: 0] + 1
      keysUsed[rowID] = uses
      cards.append(
        (
          uses == 1 ? rowID : "\(rowID)#\(uses)",
          Changes(
            inserted: cardDelta.insertions.map { after[$0].id },
            deleted: cardDelta.deletions.map { before[$0].id },
            moved: cardDelta.moves.sorted { $0.to < $1.to }.map { after[$0.to].id },
            reloaded: cardDelta.reloads.sorted { $0.to < $1.to }.map { after[$0.to].id })
        ))
    }
    self.cards = cards
  }

  /// Whether the catalogs are the same.
  public var isEmpty: Bool { sections.isEmpty && rows.isEmpty && cards.isEmpty }

  /// Whether both diffs list the same changes in the same order.
  public static func == (lhs: CatalogDiff, rhs: CatalogDiff) -> Bool {
    lhs.sections == rhs.sections && lhs.rows == rhs.rows
      && lhs.cards.elementsEqual(rhs.cards) { $0.rowID == $1.rowID && $0.changes == $1.changes }
  }

  /// The diff as the JSON `shelf diff` prints, keys in a fixed order, ending in a newline:
  ///
  /// ```
  /// {
  ///   "sections": {"inserted": [], "deleted": [], "moved": [], "reloaded": []},
  ///   "rows": {"inserted": ["new"], "deleted": [], "moved": ["b"], "reloaded": ["a"]},
  ///   "cards": {
  ///     "a": {"inserted": ["x"], "deleted": [], "moved": [], "reloaded": ["y"]}
  ///   }
  /// }
  /// ```
  public var json: String {
    var writer = JSONWriter(pretty: true)
    func write(_ changes: Changes) {
      writer.beginObject(inline: true)
      for (key, ids) in [
        ("inserted", changes.inserted), ("deleted", changes.deleted), ("moved", changes.moved),
        ("reloaded", changes.reloaded),
      ] {
        writer.key(key)
        writer.beginArray()
        for id in ids {
          writer.element()
          writer.string(id)
        }
        writer.endArray()
      }
      writer.endObject()
    }
    writer.beginObject()
    writer.key("sections")
    write(sections)
    writer.key("rows")
    write(rows)
    writer.key("cards")
    writer.beginObject()
    for (rowID, changes) in cards {
      writer.key(rowID)
      write(changes)
    }
    writer.endObject()
    writer.endObject()
    return String(decoding: writer.output, as: UTF8.self) + "\n"
  }
}
