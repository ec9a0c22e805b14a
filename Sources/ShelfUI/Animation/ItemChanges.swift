/// Which items an index counts among during a transition: an inserted item's
/// neighbours are new items, a deleted item's old ones.
enum TransitionSide {
  case old, new
}

/// What a transition knows about each item of a list (the cards of a strip,
/// the entries of the table): what happens to it, and which old index becomes
/// which new one. Inserted and deleted items open and close gaps right after
/// the nearest still item before them.
protocol ItemChanges {
  /// What happens to the item at old index `index`.
  func kind(old index: Int) -> ChangeKind
  /// What happens to the item at new index `index`.
  func kind(new index: Int) -> ChangeKind
  /// The new index of old item `index`, or -1 if it was deleted.
  func newIndex(ofOld index: Int) -> Int
  /// The old index of new item `index`, or -1 if it was inserted.
  func oldIndex(ofNew index: Int) -> Int
}

extension ItemChanges {
  /// How far to look for a still neighbour: beyond it, an item moves with the
  /// whole list instead, so a long run of changes costs no more to place.
  static var neighbourSearchLimit: Int { 64 }

  /// What happens to item `index` of `side`.
  func kind(of index: Int, on side: TransitionSide) -> ChangeKind {
    side == .old ? kind(old: index) : kind(new: index)
  }

  /// The nearest still item before item `index` of `side`, as its old and new
  /// indices: the gap `index` opens or closes follows it. (-1, -1) stands for
  /// the start of the list; nil means none lies within `neighbourSearchLimit`.
  func stillNeighbour(before index: Int, on side: TransitionSide) -> (old: Int, new: Int)? {
    var neighbour = index - 1
    while neighbour >= 0 && kind(of: neighbour, on: side) != .stable {
      guard index - neighbour < Self.neighbourSearchLimit else { return nil }
      neighbour -= 1
    }
    if neighbour < 0 { return (-1, -1) }
    return side == .old
      ? (neighbour, newIndex(ofOld: neighbour)) : (oldIndex(ofNew: neighbour), neighbour)
  }

  /// `range` of `side`'s items (of `count` in all), widened on both ends over
  /// the changed items next to it, looking no further than `neighbourSearchLimit`.
  func widened(_ range: Range<Int>, on side: TransitionSide, count: Int) -> Range<Int> {
    var lower = range.lowerBound
    while lower > 0 && range.lowerBound - lower < Self.neighbourSearchLimit
      && kind(of: lower - 1, on: side) != .stable
    {
      lower -= 1
    }
    var upper = range.upperBound
    while upper < count && upper - range.upperBound < Self.neighbourSearchLimit
      && kind(of: upper, on: side) != .stable
    {
      upper += 1
    }
    return lower..<upper
  }

  /// The old index that ends the gap after still old item `anchor` (-1 for the
  /// start): the next still item, or `oldCount`, looking no further than
  /// `neighbourSearchLimit`. The old items between close as the gap changes.
  func endOfOldGap(after anchor: Int, oldCount: Int) -> Int {
    var next = anchor + 1
    while next < oldCount && next - anchor <= Self.neighbourSearchLimit
      && kind(old: next) != .stable
    {
      next += 1
    }
    return next
  }
}

extension EntryChanges: ItemChanges {
  func newIndex(ofOld index: Int) -> Int { newOfOld[index] }
  func oldIndex(ofNew index: Int) -> Int { oldOfNew[index] }
}
