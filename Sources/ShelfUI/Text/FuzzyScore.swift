/// How well a word's letters, in order, match a field: the `/` filter's
/// ranking, after the scheme fzf publishes (a Smith-Waterman-like pass
/// over the field with bonuses), written for Shelf's folded bytes.
///
/// Each matched letter earns `match`; a letter that starts a word (after a
/// space, a delimiter or other punctuation), a camelCase hump or a digit
/// after a non-digit earns a bonus (the field's first letter a little more),
/// doubled for the word's first letter; a
/// letter that follows the one before it in the field keeps the bonus of the
/// run it continues (at least `consecutive`); a gap costs `gapStart` and
/// `gapExtension` per letter after the first. The pass keeps, for each
/// letter of the word and each place in the field, the best alignment that
/// ends there, so the score is the best over every way the letters fit.
///
/// Bytes are folded UTF-8 (`SearchFolding`); with `foldsASCII` the field is
/// ASCII and folded as it is read, its case still telling camelCase humps.
/// A continuation byte of the word matches only right after the byte before
/// it, so a character never matches pieces of two.
enum FuzzyScore {
  static let match: Int32 = 16
  static let gapStart: Int32 = -3
  static let gapExtension: Int32 = -1
  /// After punctuation other than a delimiter.
  static let boundary: Int32 = 8
  /// After a space.
  static let boundaryWhite: Int32 = 10
  /// At the start of the field.
  static let fieldStart: Int32 = 11
  /// After `/`, `,`, `:`, `;` or `|`.
  static let boundaryDelimiter: Int32 = 9
  /// On punctuation itself.
  static let nonWord: Int32 = 8
  /// A camelCase hump, or a digit after a non-digit.
  static let camel: Int32 = 7
  /// The least bonus a letter of a run keeps.
  static let consecutive: Int32 = 4
  /// How much the word's first letter's bonus counts.
  static let firstLetterMultiplier: Int32 = 2

  /// The most a word of `letters` bytes can score in any field: each
  /// letter with the greatest bonus, the first doubled, all in one run. The
  /// filter skips the pass for a card that could not rank even so.
  static func ceiling(letters: Int) -> Int32 {
    let top = max(
      fieldStart, boundaryWhite, boundaryDelimiter, boundary, nonWord, camel, consecutive)
    return match + top * firstLetterMultiplier + Int32(max(0, letters - 1)) * (match + top)
  }

  /// The kinds of byte the bonuses tell apart.
  enum Kind: UInt8 {
    case white, delimiter, nonWord, lower, upper, number, other
  }

  @inline(__always)
  static func kind(_ byte: UInt8) -> Kind {
    switch byte {
    case 0x61...0x7A: return .lower
    case 0x41...0x5A: return .upper
    case 0x30...0x39: return .number
    case 0x20, 0x09: return .white
    case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"),
      UInt8(ascii: "|"):
      return .delimiter
    case 0x80...: return .other  // every byte of a non-ASCII character is a letter
    default: return .nonWord
    }
  }

  /// The bonus of a letter of kind `current` after one of kind `previous`.
  @inline(__always)
  static func bonus(_ previous: Kind, _ current: Kind) -> Int32 {
    switch current {
    case .lower, .upper, .number, .other:
      switch previous {
      case .white: return boundaryWhite
      case .delimiter: return boundaryDelimiter
      case .nonWord: return boundary
      default: break
      }
      if previous == .lower && current == .upper { return camel }
      if current == .number && previous != .number { return camel }
      return 0
    case .white: return boundaryWhite
    case .delimiter, .nonWord: return nonWord
    }
  }

  /// The score of the best alignment of `word` in `text`, and with
  /// `positions`, the indices of `text` it matched (appended in order); nil
  /// when the letters of `word` are not all in `text` in order.
  ///
  /// - Complexity: O(`word.count` × the span of `text` between the first
  ///   and last places the word can fit); O(`text.count`) to reject.
  static func score(
    _ word: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, foldsASCII: Bool,
    positions: UnsafeMutablePointer<[Int]>? = nil
  ) -> Int32? {
    let m = word.count
    let n = text.count
    guard m > 0 else { return 0 }
    guard m <= n else { return nil }
    @inline(__always) func folded(_ j: Int) -> UInt8 {
      foldsASCII ? SearchFolding.foldedASCII(text[j]) : text[j]
    }
    // One letter: its best place is the one with the best bonus, found in
    // one pass (what the pass below gives, with no table to fill).
    if m == 1 && positions == nil {
      let letter = word[0]
      var best: Int32 = -1
      var previous = Kind.white
      for j in 0..<n {
        let current = kind(text[j])
        if folded(j) == letter {
          best = max(
            best, match + (j == 0 ? fieldStart : bonus(previous, current)) * firstLetterMultiplier)
        }
        previous = current
      }
      return best < 0 ? nil : best
    }
    // The in-order check: the leftmost place of each letter, then the
    // rightmost, which bound the pass.
    var first = 0
    var last = n - 1
    do {
      var i = 0
      var j = 0
      while i < m && j < n {
        if folded(j) == word[i] {
          if i == 0 { first = j }
          i += 1
        }
        j += 1
      }
      guard i == m else { return nil }
      i = m - 1
      j = n - 1
      while i >= 0 {
        if folded(j) == word[i] {
          if i == m - 1 { last = j }
          i -= 1
        }
        j -= 1
      }
    }
    let width = last - first + 1
    let isContinuation = { (i: Int) -> Bool in word[i] & 0xC0 == 0x80 }
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: width * (m * 2 + 1)) { buffer in
      let bonuses = buffer.baseAddress!
      let scores = bonuses + width  // m rows: the best alignment ending here, or `none`
      let runs = scores + width * m  // m rows: the bonus the run ending here carries
      let none = Int32.min / 2
      var previous: Kind = first == 0 ? .white : kind(text[first - 1])
      for j in 0..<width {
        let current = kind(text[first + j])
        bonuses[j] = first + j == 0 ? fieldStart : bonus(previous, current)
        previous = current
      }
      for i in 0..<m {
        let row = scores + i * width
        let run = runs + i * width
        let above = scores + (i - 1) * width
        let aboveRun = runs + (i - 1) * width
        var gap = none  // the best of the row above, less the gap to here
        for j in 0..<width {
          var best = none
          var carried: Int32 = 0
          if folded(first + j) == word[i] {
            let bonus = bonuses[j]
            if i == 0 {
              best = match + bonus * firstLetterMultiplier
              carried = bonus
            } else {
              if j > 0 && above[j - 1] > none {
                let kept = max(aboveRun[j - 1], consecutive, bonus)
                best = above[j - 1] + match + kept
                carried = kept
              }
              if !isContinuation(i) && gap > none && gap + match + bonus > best {
                best = gap + match + bonus
                carried = bonus
              }
            }
          }
          if i > 0 && j > 0 {
            gap = max(gap + gapExtension, above[j - 1] > none ? above[j - 1] + gapStart : none)
          }
          row[j] = best
          run[j] = carried
        }
      }
      let lastRow = scores + (m - 1) * width
      var end = 0
      for j in 0..<width where lastRow[j] > lastRow[end] { end = j }
      guard lastRow[end] > none else { return nil }
      if let positions {
        positions.pointee += trace(
          from: end, scores: scores, runs: runs, bonuses: bonuses, width: width, m: m
        )
        .map { first + $0 }
      }
      return lastRow[end]
    }
  }

  /// The places of the field (from the pass's first column) that the best
  /// alignment ending at column `end` of the last row matched.
  private static func trace(
    from end: Int, scores: UnsafeMutablePointer<Int32>, runs: UnsafeMutablePointer<Int32>,
    bonuses: UnsafeMutablePointer<Int32>, width: Int, m: Int
  ) -> [Int] {
    let none = Int32.min / 2
    var found = [Int](repeating: 0, count: m)
    var j = end
    for i in stride(from: m - 1, through: 0, by: -1) {
      found[i] = j
      guard i > 0 else { break }
      let above = scores + (i - 1) * width
      let here = scores[i * width + j]
      // Consecutive when that is how the pass reached the score.
      if j > 0 && above[j - 1] > none
        && above[j - 1] + match + max(runs[(i - 1) * width + j - 1], consecutive, bonuses[j])
          == here
      {
        j -= 1
        continue
      }
      // Else the cell of the row above that the gap came from.
      var bestK = max(0, j - 2)
      var bestValue = none
      for k in stride(from: j - 2, through: 0, by: -1) where above[k] > none {
        let value = above[k] + gapStart + Int32(j - 2 - k) * gapExtension
        if value > bestValue {
          bestValue = value
          bestK = k
        }
      }
      j = bestK
    }
    return found
  }

  /// The score of the letters of `text` in `range`, matched as one run
  /// (an exact, anchored or whole word).
  ///
  /// - Complexity: O(`range.count`).
  static func score(ofRun range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard !range.isEmpty else { return 0 }
    var previous: Kind = range.lowerBound == 0 ? .white : kind(text[range.lowerBound - 1])
    var total: Int32 = 0
    var run: Int32 = 0
    for j in range {
      let current = kind(text[j])
      let bonus = j == 0 ? fieldStart : bonus(previous, current)
      if j == range.lowerBound {
        total += match + bonus * firstLetterMultiplier
        run = bonus
      } else {
        run = max(run, consecutive, bonus)
        total += match + run
      }
      previous = current
    }
    return total
  }
}
