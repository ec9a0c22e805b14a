import TestSupport
import Testing

@testable import ShelfUI

/// Pieces that make ASCII and non-ASCII text alike: cases, a CR LF pair, an
/// accent composed and combining, a Kelvin sign (lower case `k`), a dotted
/// capital I (lower case `i` plus a dot).
private let pieces = [
  "a", "B", "c", "E", "e", "k", "K", "i", " ", "1", "9", "\r", "\n", "\r\n", "é", "e\u{301}",
  "\u{212A}", "İ", "書",
]

@Test(arguments: 0..<300 as Range<UInt64>)
func filterMatchingIsLowercasedContainment(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  func text(_ count: ClosedRange<Int>) -> String {
    (0..<Int.random(in: count, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
  }
  for _ in 0..<20 {
    let haystack = text(0...12)
    let needle = text(0...3).lowercased()
    // `firstRange(of:)`: the standard library's search, which ShelfUI's
    // `contains` is; Foundation's `contains`, visible here, differs.
    #expect(
      ShelfFilter.contains(haystack, lowercased: needle)
        == (haystack.lowercased().firstRange(of: needle) != nil),
      "\(haystack.debugDescription) ∋ \(needle.debugDescription)")
  }
}
