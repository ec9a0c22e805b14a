/// Where each item of a section came from: for each item, its old path, or
/// nil for an inserted item, kept in one word per item.
///
/// Tables of these are what chains and the replay check build per touched
/// section, thousands of items a change: as `[ItemPath?]` (24 bytes an item)
/// a change touching 20,000 items outgrew a core's cache.
package struct ItemSources: RandomAccessCollection, MutableCollection, Equatable, Sendable,
  ExpressibleByArrayLiteral
{
  /// For each item, 0 for nil; otherwise `(section + 1) << 32 | item`.
  @usableFromInline package var words: [UInt64]

  /// The sources as words (see `words`), as `word(_:)` makes them.
  @inlinable package init(words: [UInt64]) {
    self.words = words
  }

  /// `count` times `path`.
  @inlinable package init(repeating path: ItemPath?, count: Int) {
    words = [UInt64](repeating: Self.word(path), count: count)
  }

  /// `paths`, in order.
  @inlinable package init<Paths: Sequence<ItemPath?>>(_ paths: Paths) {
    words = paths.map(Self.word)
  }

  @inlinable package init(arrayLiteral paths: ItemPath?...) {
    self.init(paths)
  }

  @inlinable package var startIndex: Int { 0 }
  @inlinable package var endIndex: Int { words.count }

  @inlinable package subscript(position: Int) -> ItemPath? {
    get { Self.path(words[position]) }
    set { words[position] = Self.word(newValue) }
  }

  /// `path` in one word.
  ///
  /// - Precondition: `path`'s section and item are in 0..<2³².
  @inlinable package static func word(_ path: ItemPath?) -> UInt64 {
    guard let path else { return 0 }
    precondition(
      path.section >= 0 && path.section < Int(UInt32.max) && path.item >= 0
        && path.item <= Int(UInt32.max), "an item path beyond 2^32")
    return UInt64(path.section + 1) << 32 | UInt64(path.item)
  }

  /// The path `word` stands for.
  @inlinable package static func path(_ word: UInt64) -> ItemPath? {
    word == 0 ? nil : ItemPath(section: Int(word >> 32) - 1, item: Int(word & 0xffff_ffff))
  }
}
