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
