/// Which bytes a text holds, as 64 bits: a bit for each letter and digit,
/// the other bytes sharing the rest. Folded text (`SearchFolding`) in, so
/// that a card's mask holds every byte a query's word could match in it.
enum ByteMask {
  /// The bit of `byte`.
  @inline(__always)
  static func bit(_ byte: UInt8) -> UInt64 {
    if byte &- 0x61 < 26 { return 1 << UInt64(byte &- 0x61) }
    if byte &- 0x30 < 10 { return 1 << UInt64(26 + byte &- 0x30) }
    return 1 << UInt64(36 + byte % 28)
  }

  /// The mask of `bytes`, folding ASCII when `foldsASCII`.
  ///
  /// - Complexity: O(`bytes.count`): a table's bit per byte, no branch.
  @inline(__always)
  static func of(_ bytes: UnsafeBufferPointer<UInt8>, foldsASCII: Bool = false) -> UInt64 {
    (foldsASCII ? foldedBits : bits).withUnsafeBufferPointer { table in
      var mask: UInt64 = 0
      for byte in bytes { mask |= table[Int(byte)] }
      return mask
    }
  }

  /// `bit` of each byte, by its value: what a million cards' text is read
  /// through once per content version (`RowFolds`).
  private static let bits: [UInt64] = (0...255).map { bit(UInt8($0)) }
  /// `bit` of each byte folded as ASCII is.
  private static let foldedBits: [UInt64] = (0...255).map {
    bit(SearchFolding.foldedASCII(UInt8($0)))
  }

  /// The mask of `String(year)`'s bytes, with no string made.
  static func of(year: Int) -> UInt64 {
    var mask: UInt64 = year < 0 ? bit(UInt8(ascii: "-")) : 0
    var rest = year.magnitude
    repeat {
      mask |= bit(0x30 + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    return mask
  }

  /// The mask of `bytes`.
  static func of(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { of($0) }
  }
}

/// A `/` query as the filter reads it: folded (`SearchFolding`) and cut into
/// words at spaces, each of which a card must match in some field.
///
/// Like fzf's extended search, a word can say how it matches:
/// - `word`: its letters in order in a field, gaps allowed (`FuzzyScore`
///   ranks how well); in exact mode (`--exact`), anywhere in a field as typed;
/// - `'word`: as a whole word (not inside a longer one);
/// - `^word`: at the start of a field; `word$`: at its end; `^word$`: the whole field.
struct SearchQuery: Sendable, Equatable {
  /// One word of the query.
  struct Term: Sendable, Equatable {
    /// The word folded, as UTF-8, without its marks.
    var bytes: [UInt8]
    /// Whether it must start a field (`^word`).
    var isPrefix = false
    /// Whether it must end a field (`word$`).
    var isSuffix = false
    /// Whether it must be a whole word (`'word`).
    var isWholeWord = false
    /// Whether its letters match in order with gaps (a plain word, not in exact mode).
    var isFuzzy = false

    /// Whether a year, written in decimal, can match it.
    var canMatchYear: Bool {
      bytes.allSatisfy { $0 == UInt8(ascii: "-") || $0 &- 0x30 < 10 }
    }

    /// Whether every field that matches this term matches `other` too.
    func implies(_ other: Term) -> Bool {
      if other.isFuzzy { return isSubsequence(other.bytes[...], of: bytes[...]) }
      if isFuzzy { return false }
      if other.isWholeWord || (other.isPrefix && other.isSuffix) { return self == other }
      if other.isPrefix { return isPrefix && bytes.starts(with: other.bytes) }
      if other.isSuffix {
        return isSuffix && bytes.reversed().starts(with: other.bytes.reversed())
      }
      return contains(bytes[...], other.bytes[...])
    }

    /// Where the first match in the folded `text` starts and ends; with
    /// `foldsASCII`, `text` is ASCII and folded as it is read.
    ///
    /// - Complexity: O(`text.count` × `bytes.count`).
    func firstMatch(in text: UnsafeBufferPointer<UInt8>, foldsASCII: Bool) -> Range<Int>? {
      let count = bytes.count
      guard count <= text.count else { return nil }
      return bytes.withUnsafeBufferPointer { needle -> Range<Int>? in
        @inline(__always) func byte(_ i: Int) -> UInt8 {
          foldsASCII ? SearchFolding.foldedASCII(text[i]) : text[i]
        }
        func matches(at start: Int) -> Bool {
          for j in 0..<count where byte(start + j) != needle[j] { return false }
          guard isWholeWord else { return true }
          return (start == 0 || !isWordByte(text[start - 1]))
            && (start + count == text.count || !isWordByte(text[start + count]))
        }
        if isPrefix || isSuffix {
          let start = isPrefix ? 0 : text.count - count
          guard !(isPrefix && isSuffix) || count == text.count, matches(at: start) else {
            return nil
          }
          return start..<(start + count)
        }
        guard let first = needle.first else { return 0..<0 }
        // Candidates by their first byte; the rest is compared only there.
        for start in 0...(text.count - count) where byte(start) == first && matches(at: start) {
          return start..<(start + count)
        }
        return nil
      }
    }

    /// Whether it matches the folded `text` (read as `firstMatch` reads it).
    ///
    /// - Complexity: O(`text.count` × `bytes.count`); O(`text.count`) when fuzzy.
    func matches(_ text: UnsafeBufferPointer<UInt8>, foldsASCII: Bool) -> Bool {
      guard isFuzzy else { return firstMatch(in: text, foldsASCII: foldsASCII) != nil }
      var i = 0
      let count = bytes.count
      return bytes.withUnsafeBufferPointer { needle in
        guard count > 0 else { return true }
        for byte in text where (foldsASCII ? SearchFolding.foldedASCII(byte) : byte) == needle[i] {
          i += 1
          guard i == count else { continue }
          // A character beyond ASCII must match whole: the pass says whether it does.
          return !hasMultibyte || FuzzyScore.score(needle, in: text, foldsASCII: foldsASCII) != nil
        }
        return false
      }
    }

    /// Whether a character of the word takes more than one byte.
    private var hasMultibyte: Bool { bytes.contains { $0 >= 0x80 } }

    /// How well it matches the folded `text` (`FuzzyScore`: a plain word's
    /// best alignment, another word's first match), nil when it does not;
    /// with `positions`, the bytes of `text` it matched are appended.
    ///
    /// - Complexity: O(`text.count` × `bytes.count`).
    func score(
      in text: UnsafeBufferPointer<UInt8>, foldsASCII: Bool,
      positions: UnsafeMutablePointer<[Int]>? = nil
    ) -> Int32? {
      if isFuzzy {
        return bytes.withUnsafeBufferPointer {
          FuzzyScore.score($0, in: text, foldsASCII: foldsASCII, positions: positions)
        }
      }
      guard let range = firstMatch(in: text, foldsASCII: foldsASCII) else { return nil }
      positions?.pointee += Array(range)
      return FuzzyScore.score(ofRun: range, in: text)
    }

    /// Letters, digits and every byte of a non-ASCII character make words.
    private func isWordByte(_ byte: UInt8) -> Bool {
      byte >= 0x80 || (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
    }

    private func isSubsequence(_ needle: ArraySlice<UInt8>, of text: ArraySlice<UInt8>) -> Bool {
      var rest = needle[...]
      for byte in text where rest.first == byte { rest = rest.dropFirst() }
      return rest.isEmpty
    }

    private func contains(_ text: ArraySlice<UInt8>, _ needle: ArraySlice<UInt8>) -> Bool {
      guard needle.count <= text.count else { return false }
      guard !needle.isEmpty else { return true }
      return (0...(text.count - needle.count)).contains { offset in
        text.dropFirst(offset).starts(with: needle)
      }
    }
  }

  /// The words, in the order typed.
  let terms: [Term]

  /// `text` read as a query; with `isExact`, a plain word is found as typed
  /// rather than by its letters in order.
  ///
  /// - Complexity: O(`text.utf8.count`).
  init(_ text: String, isExact: Bool = false) {
    let folded = SearchFolding.folded(text)
    terms = folded.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { word in
      var word = word
      var term = Term(bytes: [])
      // A marker alone is text: `^`, `$` and `'` are still found.
      if word.count > 1, word.first == UInt8(ascii: "'") {
        term.isWholeWord = true
        word = word.dropFirst()
      }
      if word.count > 1, word.first == UInt8(ascii: "^") {
        term.isPrefix = true
        word = word.dropFirst()
      }
      if word.count > 1, word.last == UInt8(ascii: "$") {
        term.isSuffix = true
        word = word.dropLast()
      }
      term.bytes = Array(word)
      term.isFuzzy = !isExact && !term.isWholeWord && !term.isPrefix && !term.isSuffix
      return term
    }
  }

  /// Whether every card matches it (no words).
  var isEmpty: Bool { terms.isEmpty }

  /// The bytes of every word, as a `ByteMask`: a card whose text lacks
  /// one of them cannot match.
  var byteMask: UInt64 {
    var mask: UInt64 = 0
    for term in terms { mask |= ByteMask.of(term.bytes) }
    return mask
  }

  /// Whether every card this query matches, `other` matches too: each word
  /// of `other` is implied by one of this query's (typing on narrows).
  func narrows(_ other: SearchQuery) -> Bool {
    other.terms.allSatisfy { want in terms.contains { $0.implies(want) } }
  }
}
