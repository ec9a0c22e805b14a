/// The text search reads of a row's cards (`ShelfFilter.firstField`, then
/// the year), every card's fields one after another in one buffer: made once
/// per content version (`RowFolds`), so that a key in the filter reads bytes
/// only, with no card copied, no reference counted and no string bridged.
///
/// A field beyond ASCII is held folded (`SearchFolding`); an ASCII one as it
/// is, folded as it is read, so that its case still tells camelCase humps.
/// Folded text has no upper-case ASCII, so reading every field with ASCII
/// folding on gives the same bytes either way.
struct CardSearchText: Sendable {
  /// Per card: a byte of flags (`hasYear`, `hasTitle`), then each non-empty field: its
  /// length (LEB128) and its bytes. A card's year, when it has one, is its
  /// last field, in decimal.
  private var bytes: [UInt8] = []
  /// Where each card starts in `bytes`, then where the last one ends.
  private var starts: [UInt32] = [0]

  private static let hasYear: UInt8 = 1
  /// The card's title is not empty: its first field is the title.
  private static let hasTitle: UInt8 = 2

  /// How many cards it holds.
  var count: Int { starts.count - 1 }

  /// Room for `cards` cards of about `bytesPerCard` bytes each.
  mutating func reserveCapacity(cards: Int, bytesPerCard: Int = 48) {
    bytes.reserveCapacity(cards * bytesPerCard)
    starts.reserveCapacity(cards + 1)
  }

  /// Appends `card`'s text, its fields beyond ASCII as `folding` holds
  /// them; the `ByteMask` of its folded text and year.
  ///
  /// - Complexity: O(the card's text).
  @discardableResult
  mutating func append(_ card: CardFace, folding: FoldedCard?) -> UInt64 {
    var mask: UInt64 = 0
    bytes.append((card.year == nil ? 0 : Self.hasYear) | (card.title.isEmpty ? 0 : Self.hasTitle))
    _ = ShelfFilter.firstField(of: card) { index, text in
      ShelfFilter.read(text, folded: folding?.field(index)) { field, foldsASCII in
        mask |= ByteMask.of(field, foldsASCII: foldsASCII)
        appendField(field)
      }
      return false
    }
    if let year = card.year {
      mask |= ByteMask.of(year: year)
      var digits = String(year)
      digits.withUTF8 { appendField($0) }
    }
    precondition(bytes.count <= UInt32.max, "a row's search text is under 4 GiB")
    starts.append(UInt32(bytes.count))
    return mask
  }

  /// Appends card `index` of `other` as it is there: the text of a card
  /// whose searched fields are those of that one.
  ///
  /// - Complexity: O(the card's text), with no field read again.
  mutating func append(cardAt index: Int, of other: CardSearchText) {
    let range = Int(other.starts[index])..<Int(other.starts[index + 1])
    other.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0[range]) }
    precondition(bytes.count <= UInt32.max, "a row's search text is under 4 GiB")
    starts.append(UInt32(bytes.count))
  }

  private mutating func appendField(_ field: UnsafeBufferPointer<UInt8>) {
    guard !field.isEmpty else { return }  // no word matches an empty field
    var length = field.count
    while length >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
      length >>= 7
    }
    bytes.append(UInt8(length))
    bytes.append(contentsOf: field)
  }

  /// `body` given a reader of the cards' fields, valid only inside it.
  func withReader<R>(_ body: (Reader) -> R) -> R {
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in body(Reader(bytes: bytes, starts: starts)) }
    }
  }

  /// The cards' fields in place.
  struct Reader {
    fileprivate let bytes: UnsafeBufferPointer<UInt8>
    fileprivate let starts: UnsafeBufferPointer<UInt32>

    /// Calls `body` with each field of card `index` (`ShelfFilter.Fields`)
    /// until it returns true; whether it did.
    ///
    /// - Complexity: O(the card's fields), plus what `body` costs.
    @inline(__always)
    func fields(
      ofCard index: Int,
      _ body: ShelfFilter.FieldVisitor
    ) -> Bool {
      let end = Int(starts[index + 1])
      var at = Int(starts[index])
      precondition(at < end && end <= bytes.count, "a card's search text out of bounds")
      let hasYear = bytes[at] & CardSearchText.hasYear != 0
      var kind = bytes[at] & CardSearchText.hasTitle != 0 ? ShelfFilter.FieldKind.title : .other
      at += 1
      while at < end {
        var length = 0
        var shift = 0
        while true {
          let byte = bytes[at]
          at += 1
          length |= Int(byte & 0x7F) << shift
          guard byte & 0x80 != 0 else { break }
          shift += 7
        }
        precondition(length <= end - at, "a field runs past its card")
        let field = UnsafeBufferPointer(rebasing: bytes[at..<(at + length)])
        at += length
        if body(field, true, hasYear && at == end ? .year : kind) { return true }
        kind = .other
      }
      return false
    }
  }
}
