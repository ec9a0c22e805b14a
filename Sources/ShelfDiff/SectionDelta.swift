/// How one array of sections becomes another, in the terms of a sectioned list
/// view's batch update: section changes, then item changes by `ItemPath`.
///
/// Index spaces, as in a list view's batch update:
/// - `sections`: an `IndexDelta` over section indices (deletions and every
///   `from` in old, insertions and every `to` in new). Its reloads are the
///   surviving sections whose header changed (`hasSameHeader(as:)` is false);
///   they say nothing about the items, which are diffed on their own.
/// - `items.deletions` and every `from`: paths in old (old section index,
///   index within that old section). `items.insertions` and every `to`: paths
///   in new.
///
/// Items are matched by id across all sections, so an item that changes
/// section, including into an inserted section or out of a deleted one, is a
/// move. The items of a deleted section that do not move elsewhere leave with
/// it, and the items of an inserted section that do not move in from elsewhere
/// arrive with it: neither is listed in `items.deletions` or
/// `items.insertions`. Empty sections are sections like any other.
public struct SectionDelta: Hashable, Sendable {
  /// The item changes of a `SectionDelta`: deletions, insertions, moves and
  /// reloads of items, by `ItemPath`.
  public struct Items: Hashable, Sendable {
    /// An item whose position changed other than by its section's move: it
    /// changed section, or changed place among the surviving items of its section.
    public typealias Move = ItemMatch<ItemPath>

    /// An item present in old and new whose content differs.
    public typealias Reload = ItemMatch<ItemPath>

    /// An item id that occurs more than once across all sections of old or of
    /// new, with its paths. Repeats are matched by occurrence, in path order.
    public struct Duplicate: Hashable, Sendable {
      /// The repeated id, as text.
      public var id: String
      /// Where the id occurs in old, ascending.
      public var oldPaths: [ItemPath]
      /// Where the id occurs in new, ascending.
      public var newPaths: [ItemPath]

      /// A duplicate report for `id`.
      ///
      /// - Complexity: O(1).
      public init(id: String, oldPaths: [ItemPath], newPaths: [ItemPath]) {
        self.id = id
        self.oldPaths = oldPaths
        self.newPaths = newPaths
      }
    }

    /// Paths in old of the items that are gone, ascending; none in a deleted section.
    public var deletions: [ItemPath]
    /// Paths in new of the items that are new, ascending; none in an inserted section.
    public var insertions: [ItemPath]
    /// Items that changed section or place among their section's survivors, by ascending `from`.
    public var moves: [Move]
    /// Surviving items whose content changed, by ascending `from`.
    public var reloads: [Reload]
    /// Item ids that occur more than once in old or new; empty for well-formed data.
    public var duplicates: [Duplicate]

    /// Item changes from their parts.
    @inlinable
    public init(
      deletions: [ItemPath] = [], insertions: [ItemPath] = [], moves: [Move] = [],
      reloads: [Reload] = [], duplicates: [Duplicate] = []
    ) {
      self.deletions = deletions
      self.insertions = insertions
      self.moves = moves
      self.reloads = reloads
      self.duplicates = duplicates
    }

    /// Whether no item changed.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool {
      deletions.isEmpty && insertions.isEmpty && moves.isEmpty && reloads.isEmpty
    }

    /// The number of item deletions, insertions, moves and reloads.
    ///
    /// - Complexity: O(1).
    public var changeCount: Int {
      deletions.count + insertions.count + moves.count + reloads.count
    }
  }

  /// The section changes, by section index; section duplicates are in `sections.duplicates`.
  public var sections: IndexDelta
  /// The item changes, by `ItemPath`.
  public var items: Items
  /// Surviving sections whose items changed but were not diffed (old index
  /// `from`, new index `to`), by ascending `from`: the change of such a
  /// section's items is `IndexDelta(from:to:)` of its old and new items,
  /// left to whoever needs it (`SectionDelta(sectionsFrom:to:)` makes such
  /// a delta; a table diffs the cards of a row only when it shows it).
  /// No change in `items` names these sections, and a replay takes their
  /// items from new as they are.
  public var undiffedSections: [IndexDelta.Reload]

  /// A delta from its parts; `SectionDelta(from:to:)` computes one.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(
    sections: IndexDelta = IndexDelta(), items: Items = Items(),
    undiffedSections: [IndexDelta.Reload] = []
  ) {
    self.sections = sections
    self.items = items
    self.undiffedSections = undiffedSections
  }

  /// Whether the two arrays of sections were the same: nothing to animate.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { sections.isEmpty && items.isEmpty && undiffedSections.isEmpty }

  /// The number of changes a view animates, sections and items together
  /// (a section whose items were not diffed counts once).
  ///
  /// - Complexity: O(1).
  public var changeCount: Int {
    sections.changeCount + items.changeCount + undiffedSections.count
  }
}

extension SectionDelta: CustomStringConvertible {
  /// A compact summary, such as
  /// `SectionDelta(sections -[1] moves [0→2]; items +[0.3] moves [2.0→1.4])`.
  ///
  /// - Complexity: O(`changeCount` + the number of duplicates).
  public var description: String {
    var parts: [String] = []
    if case let summary = sections.summary, !summary.isEmpty { parts.append("sections " + summary) }
    if case let summary = items.summary, !summary.isEmpty { parts.append("items " + summary) }
    if !undiffedSections.isEmpty {
      parts.append("undiffed [" + undiffedSections.map(\.description).joined(separator: ", ") + "]")
    }
    return "SectionDelta(" + (parts.isEmpty ? "no changes" : parts.joined(separator: "; ")) + ")"
  }
}
