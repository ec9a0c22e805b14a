/// The cards of the version of a catalog decoded before, row by row, each
/// with a fingerprint of its JSON bytes: decoding the next version, a card
/// whose bytes are the same as the one at the matching place before is taken
/// from here instead of decoded again.
///
/// A 1% change of a million cards leaves 99% of the cards' bytes as they
/// were, but touches nearly every row; so the unit reused is the card. Same
/// bytes (at the same nesting depth, under the same limits) decode to the
/// same card, and both versions' cards were decoded and checked in full
/// once: reusing one skips only work whose result is known. The fingerprint
/// is 64 bits and compared only with the one or two cards at the matching
/// place in the row before, so a false match would take two different cards
/// with equal fingerprints side by side; like `ContentFingerprint`, it does
/// not resist crafted collisions.
///
/// Immutable once made; the decoding threads share it.
package final class CardReuse: Sendable {
  /// One row's cards and their bytes' prints, in order.
  struct RowCards: Sendable {
    var items: [Card]
    var prints: [CardPrint]
  }

  /// The limits the cards were decoded under: other limits may judge the
  /// same bytes otherwise.
  let limits: CatalogLimits
  /// Every row, top to bottom across the sections.
  let rows: [RowCards]
  /// Each row id's first row in `rows`.
  private let rowIndices: [String: Int]

  init(limits: CatalogLimits, rows: [Row], prints: [[CardPrint]]) {
    self.limits = limits
    var cards: [RowCards] = []
    cards.reserveCapacity(rows.count)
    var indices: [String: Int] = [:]
    indices.reserveCapacity(rows.count)
    for (index, row) in rows.enumerated() {
      cards.append(RowCards(items: row.items, prints: prints[index]))
      if indices[row.id] == nil { indices[row.id] = index }
    }
    self.rows = cards
    rowIndices = indices
  }

  /// The row before to match a row's cards against: the one with its id,
  /// else (the id not known yet when its cards come) the one at its place.
  func row(id: String?, ordinal: Int) -> RowCards? {
    if let id {
      guard let index = rowIndices[id] else { return nil }
      return rows[index]
    }
    return rows.indices.contains(ordinal) ? rows[ordinal] : nil
  }
}

/// A card's bytes in the input, as a fingerprint and a length: a card before
/// is matched by computing the fingerprint of as many bytes at the new card's
/// start, so the new card's end need not be looked for.
struct CardPrint: Sendable {
  /// The fingerprint of the bytes and of the nesting depth they were at.
  var fingerprint: UInt64
  /// How many bytes, from the opening brace to the closing one.
  var length: Int

  /// The print of the card at `range` of `bytes`, at `depth`.
  ///
  /// Two lanes of multiply-xorshift steps over the eight-byte words (the
  /// last word ends at the last byte, overlapping the one before), seeded
  /// with the length and the depth. Each step is a bijection of its lane for
  /// a given word, so two ranges of one length that differ in a single word
  /// of the walk never get the same fingerprint.
  init(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, depth: Int) {
    let base = UnsafeRawPointer(bytes.baseAddress! + range.lowerBound)
    let count = range.count
    @inline(__always) func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    var even = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var odd = UInt64(truncatingIfNeeded: depth) &* 0xC2B2_AE3D_27D4_EB4F
    var offset = 0
    while offset + 16 <= count {
      even = Self.mix(even, word(offset))
      odd = Self.mix(odd, word(offset + 8))
      offset += 16
    }
    if offset + 8 <= count {
      even = Self.mix(even, word(offset))
      offset += 8
    }
    if offset < count {
      var last: UInt64 = 0
      if count >= 8 {
        last = word(count - 8)
      } else {
        for index in (offset..<count).reversed() {
          last = last << 8 | UInt64(base.load(fromByteOffset: index, as: UInt8.self))
        }
      }
      odd = Self.mix(odd, last)
    }
    fingerprint = Self.mix(even ^ Self.mix(odd, 0x1F), UInt64(truncatingIfNeeded: count))
    length = count
  }

  @inline(__always) private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
    let mixed = (lane ^ word) &* 0x9E37_79B9_7F4A_7C15
    return mixed ^ (mixed &>> 29)
  }
}

/// Walks a row's cards along the same row's cards before, as they are decoded.
struct CardMatcher {
  let before: CardReuse.RowCards
  /// The card before that the next card is expected to be.
  private var cursor = 0

  init(_ before: CardReuse.RowCards) {
    self.before = before
  }

  /// The card before, and its print, whose bytes are those at `start` of
  /// `bytes` (at `depth`): the card at the cursor, or the one after it (the
  /// card at the cursor was deleted); the cursor moves past it. Nil for a
  /// card that is new, edited or moved here: the cursor stays, as the card
  /// at it is expected next.
  mutating func match(at start: Int, in bytes: UnsafeBufferPointer<UInt8>, depth: Int) -> (
    Card, CardPrint
  )? {
    let prints = before.prints
    var tried: CardPrint?
    for index in cursor..<min(cursor + 2, prints.count) {
      let expected = prints[index]
      guard start + expected.length <= bytes.count else { continue }
      let found =
        tried?.length == expected.length
        ? tried! : CardPrint(of: start..<start + expected.length, in: bytes, depth: depth)
      if found.fingerprint == expected.fingerprint {
        cursor = index + 1
        return (before.items[index], found)
      }
      tried = found
    }
    return nil
  }

  /// After a card that did not match was decoded (its print `print`): if it
  /// is one of the next few cards before (the ones between were deleted or
  /// moved away), the cursor moves past it, so the cards after it match
  /// again; else it stays.
  mutating func resume(after print: CardPrint) {
    let prints = before.prints
    for index in cursor..<min(cursor + Self.resumeWindow, prints.count)
    where prints[index].fingerprint == print.fingerprint && prints[index].length == print.length {
      cursor = index + 1
      return
    }
  }

  /// How many cards before past the cursor `resume(after:)` looks at.
  static let resumeWindow = 16
}
