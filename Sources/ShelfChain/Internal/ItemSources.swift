import ShelfDiff

/// Where each item of a section came from: for each item, its old path, or
/// nil for an inserted item, kept in one word per item.
///
/// A placement holds one per touched section, thousands of items a change:
/// as `[ItemPath?]` (24 bytes an item) the tables of a change touching
/// 20,000 items outgrew a core's cache.
struct ItemSources: RandomAccessCollection, MutableCollection, Equatable, Sendable,
  ExpressibleByArrayLiteral
{
  /// For each item, 0 for nil; otherwise `(section + 1) << 32 | item`.
  var words: [UInt64]

  /// The sources as words (see `words`), as `word(_:)` makes them.
  init(words: [UInt64]) {
    self.words = words
  }

  /// `count` times `path`.
  init(repeating path: ItemPath?, count: Int) {
    words = [UInt64](repeating: Self.word(path), count: count)
  }

  /// `paths`, in order.
  init<Paths: Sequence<ItemPath?>>(_ paths: Paths) {
    words = paths.map(Self.word)
  }

  init(arrayLiteral paths: ItemPath?...) {
    self.init(paths)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { words.count }

  @inline(__always) subscript(position: Int) -> ItemPath? {
    get { Self.path(words[position]) }
    set { words[position] = Self.word(newValue) }
  }

  /// `path` in one word.
  ///
  /// - Precondition: `path`'s section and item are in 0..<2³².
  @inline(__always) static func word(_ path: ItemPath?) -> UInt64 {
    guard let path else { return 0 }
    guard
      path.section >= 0 && path.section < Int(UInt32.max) && path.item >= 0
        && path.item <= Int(UInt32.max)
    else { fatalError("ShelfChain: an item path beyond 2^32 sections or items: \(path)") }
    return UInt64(path.section + 1) << 32 | UInt64(path.item)
  }

  /// The path `word` stands for.
  @inline(__always) static func path(_ word: UInt64) -> ItemPath? {
    word == 0 ? nil : ItemPath(section: Int(word >> 32) - 1, item: Int(word & 0xffff_ffff))
  }
}
