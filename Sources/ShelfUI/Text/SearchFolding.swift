/// How the `/` filter reads text: case, accents and width folded away, so
/// that `miserables` finds “Les Misérables”, `soseki` finds “Natsume Sōseki”
/// and `ＡＢＣ` finds “abc”.
///
/// A scalar folds to its canonical decomposition without the combining
/// marks, case-folded (`Č` → `c`, `ß` → `ss`), fullwidth and halfwidth forms
/// to their ordinary width first (`Ｓ` → `s`); a combining mark folds to
/// nothing. The query and the cards' text fold alike, to UTF-8 bytes that are
/// compared byte by byte. ASCII folds by lowering `A`–`Z`, which the matcher
/// does on the fly, so only text with other scalars is folded ahead.
enum SearchFolding {
  /// `text` folded, as UTF-8.
  ///
  /// - Complexity: O(`text.utf8.count`).
  static func folded(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars { append(scalar, to: &bytes) }
    return bytes
  }

  /// `text` folded, as UTF-8, with the index of the character (grapheme
  /// cluster) of `text` each byte comes from: the filter's highlights map a
  /// match back to the characters drawn.
  ///
  /// - Complexity: O(`text.utf8.count`).
  static func foldedByCharacter(_ text: String) -> (bytes: [UInt8], characters: [Int]) {
    var bytes: [UInt8] = []
    var characters: [Int] = []
    for (index, character) in text.enumerated() {
      for scalar in character.unicodeScalars { append(scalar, to: &bytes) }
      characters += repeatElement(index, count: bytes.count - characters.count)
    }
    return (bytes, characters)
  }

  /// Whether `text` is ASCII: it then folds by lowering `A`–`Z` alone.
  ///
  /// - Complexity: O(`text.utf8.count`), one branch-free pass.
  static func isASCII(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      var high: UInt8 = 0
      for byte in bytes { high |= byte }
      return high < 0x80
    } ?? text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// `byte` of ASCII text, folded: `A`–`Z` lowered.
  @inline(__always)
  static func foldedASCII(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

  /// Appends `scalar`, folded, to `bytes`.
  static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    if scalar.isASCII {
      bytes.append(foldedASCII(UInt8(scalar.value)))
    } else if let folded = foldings[scalar.value] {
      bytes += folded
    } else if !isDropped(scalar) {
      bytes += UTF8.encode(scalar)!
    }
  }

  /// Whether `scalar` folds to nothing: a combining mark (a decomposed
  /// accent), but not the kana voicing marks, which change the word.
  private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .nonspacingMark
      && !(0x3099...0x309A).contains(scalar.value)
  }

  /// The folded UTF-8 of every scalar `table` lists, read once.
  private static let foldings: [UInt32: [UInt8]] = {
    var foldings: [UInt32: [UInt8]] = [:]
    for entry in table.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, let scalar = UInt32(parts[0], radix: 16) else { continue }
      var bytes: [UInt8] = []
      for piece in parts[1].split(separator: ".") {
        guard let value = UInt32(piece, radix: 16), let folded = Unicode.Scalar(value) else {
          continue
        }
        bytes += UTF8.encode(folded)!
      }
      foldings[scalar] = bytes
    }
    return foldings
  }()
}
