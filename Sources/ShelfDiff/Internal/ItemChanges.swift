/// What `IndexDelta` and `SectionDelta.Items` have in common: items deleted,
/// inserted, moved and reloaded at one kind of position (an index, an
/// `ItemPath`), and the ids that repeat.
protocol ItemChanges {
  associatedtype Position: Hashable & Sendable & CustomStringConvertible
  associatedtype Duplicate: RepeatedID

  var deletions: [Position] { get }
  var insertions: [Position] { get }
  var moves: [ItemMatch<Position>] { get }
  var reloads: [ItemMatch<Position>] { get }
  var duplicates: [Duplicate] { get }
}

/// A report of an id that occurs more than once.
protocol RepeatedID {
  /// The repeated id, as text.
  var id: String { get }
}

extension IndexDelta: ItemChanges {}
extension IndexDelta.Duplicate: RepeatedID {}
extension SectionDelta.Items: ItemChanges {}
extension SectionDelta.Items.Duplicate: RepeatedID {}

extension ItemChanges {
  /// The changes, space-separated, for `description`: such as
  /// `-[1] +[0, 4] moves [2→5] reloads [3→3]`; empty when there are none.
  ///
  /// - Complexity: O(the number of changes and duplicates).
  var summary: String {
    func list(_ positions: [Position]) -> String {
      "[" + positions.map(\.description).joined(separator: ", ") + "]"
    }
    func list(_ matches: [ItemMatch<Position>]) -> String {
      "[" + matches.map { "\($0.from)→\($0.to)" }.joined(separator: ", ") + "]"
    }
    var parts: [String] = []
    if !deletions.isEmpty { parts.append("-" + list(deletions)) }
    if !insertions.isEmpty { parts.append("+" + list(insertions)) }
    if !moves.isEmpty { parts.append("moves " + list(moves)) }
    if !reloads.isEmpty { parts.append("reloads " + list(reloads)) }
    if !duplicates.isEmpty {
      parts.append("duplicates [" + duplicates.map(\.id).joined(separator: ", ") + "]")
    }
    return parts.joined(separator: " ")
  }
}
