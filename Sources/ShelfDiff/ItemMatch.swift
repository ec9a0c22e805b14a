/// An item found in both the old and the new data: where it was and where it
/// is. A delta's moves and reloads are lists of these; `Position` is an index
/// (`IndexDelta`) or an `ItemPath` (`SectionDelta`).
public struct ItemMatch<Position: Hashable & Sendable>: Hashable, Sendable {
  /// The item's position in old.
  public var from: Position
  /// The item's position in new.
  public var to: Position

  /// The item at `from` in old, found at `to` in new.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(from: Position, to: Position) {
    self.from = from
    self.to = to
  }
}

extension ItemMatch: CustomStringConvertible {
  /// A compact summary as deltas print it: `2→5`, or `0.1→3.0` for item paths.
  public var description: String { "\(from)→\(to)" }
}
