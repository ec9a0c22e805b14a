import ShelfCatalog

/// The ids of one of several sources shown together, kept apart from every
/// other source's: the section and row ids of source *n* (from 0) are
/// prefixed with `n+1:`. Prefixes end at their first colon and hold only
/// digits, so no prefixed id of one source can equal one of another source.
public struct SourceNamespace: Hashable, Sendable {
  /// The source's place among the sources, from 0.
  public let index: Int

  /// The namespace of the source at `index`.
  public init(index: Int) {
    self.index = index
  }

  /// What comes before each id.
  public var prefix: String { "\(index + 1):" }

  /// `id` in this namespace.
  public func scoped(_ id: String) -> String { prefix + id }
}

/// A section or row id that two sources both use: the screen keeps them
/// apart, and says so once.
public struct SharedID: Hashable, Sendable {
  /// Whether the id is a section's or a row's.
  public enum Kind: String, Hashable, Sendable {
    case section, row
  }

  /// A section's or a row's id.
  public var kind: Kind
  /// The id, as both sources give it.
  public var id: String

  /// The id `id` of a section or a row.
  public init(kind: Kind, id: String) {
    self.kind = kind
    self.id = id
  }

  /// The section and row ids of `catalog`, as its source gives them.
  ///
  /// - Complexity: O(*s* + *r*) for *s* sections and *r* rows.
  public static func ids(of catalog: Catalog) -> Set<SharedID> {
    var ids: Set<SharedID> = []
    for section in catalog.sections {
      ids.insert(SharedID(kind: .section, id: section.id))
      for row in section.rows { ids.insert(SharedID(kind: .row, id: row.id)) }
    }
    return ids
  }

  /// The first id (rows before sections, then by id) that `ids` shares with
  /// `others`, if any.
  ///
  /// - Complexity: O(min(*a*, *b*) log) for sets of *a* and *b* ids.
  public static func first(sharedBy ids: Set<SharedID>, and others: Set<SharedID>)
    -> SharedID?
  {
    let (small, large) = ids.count <= others.count ? (ids, others) : (others, ids)
    return small.filter(large.contains).min { a, b in
      a.kind == b.kind ? a.id < b.id : a.kind == .row
    }
  }
}
