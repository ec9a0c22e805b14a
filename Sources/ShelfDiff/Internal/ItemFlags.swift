/// A flag for each item of the sections that ask for one, each section's
/// flags a run of one flat array found through its start: no hashing, and no
/// array per section (an allocation, and growing it, each). For reading a
/// delta, whose changes name a few sections of many (the items leaving each).
///
/// Inlinable: ShelfChain reads every delta of a chain through it, once per
/// changed item, and a `package` type is not inlined across modules otherwise.
@usableFromInline package struct ItemFlags {
  /// For each section, where its run starts in `flags`, or -1 (none yet).
  @usableFromInline package private(set) var starts: [Int]
  /// The runs, one after the other.
  @usableFromInline package private(set) var flags: [Bool] = []

  /// No flags yet, among `sectionCount` sections.
  ///
  /// - Complexity: O(`sectionCount`).
  @inlinable package init(sectionCount: Int) {
    starts = [Int](repeating: -1, count: sectionCount)
  }

  /// Raises the flag of `path`, first giving its section a run of
  /// `itemCount()` lowered flags if it has none; false if the flag was up.
  ///
  /// - Precondition: `path` lies within its section's `itemCount()` items.
  /// - Complexity: O(1), plus O(`itemCount()`) for a section's first flag.
  @inlinable package mutating func raise(_ path: ItemPath, itemCount: () -> Int) -> Bool {
    var start = starts[path.section]
    if start < 0 {
      start = flags.count
      starts[path.section] = start
      flags.append(contentsOf: repeatElement(false, count: itemCount()))
    }
    guard !flags[start + path.item] else { return false }
    flags[start + path.item] = true
    return true
  }
}
