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

@Test(arguments: 0..<100 as Range<UInt64>)
func aNarrowedQueryFiltersAsTheWholeSourceWould(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  func word() -> String {
    (0..<Int.random(in: 1...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
  }
  func content() -> ShelfContent {
    ShelfContent(
      title: "t",
      sections: (0..<3).map { s in
        ShelfSection(
          id: "s\(s)", title: nil,
          rows: (0..<3).map { r in
            CarouselRow(
              id: "r\(s).\(r)", title: "Row",
              cards: (0..<5).map { c in
                CardFace(
                  id: "c\(c)", title: word(), subtitle: word(),
                  year: Bool.random(using: &rng) ? Int.random(in: 1900...2030, using: &rng) : nil,
                  tags: [word()])
              })
          })
      })
  }
  var source = content()
  var version = 0
  var memo = FilterMemo()
  var query = ""
  for step in 0..<40 {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0..<6: query += pieces.randomElement(using: &rng)!
    case 6..<8: if !query.isEmpty { query.removeLast() }
    case 8: query = ""
    default:
      source = content()
      version += 1
    }
    let remembered = memo.filtered(source, version: version, by: query)
    let isSame = remembered == ShelfFilter.filtered(source, by: query)
    #expect(isSame, "seed \(seed) step \(step): query \(query.debugDescription)")
  }
}
