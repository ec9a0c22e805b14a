/// The position of an item in sectioned data: its section's index and its index
/// within that section. Which array it indexes (old or new) is said by the field
/// that holds it.
public struct ItemPath: Hashable, Comparable, Sendable {
  /// The index of the section.
  public var section: Int
  /// The index of the item within its section.
  public var item: Int

  /// The path of item `item` in section `section`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Whether `lhs` comes before `rhs`: by section, then by item.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }
}

extension ItemPath: CustomStringConvertible {
  /// The path as `section.item`, such as `2.5`.
  ///
  /// - Complexity: O(1).
  public var description: String { "\(section).\(item)" }
}
