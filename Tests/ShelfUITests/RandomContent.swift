import TestSupport

@testable import ShelfUI

/// Random content from small pools of ids, so that two of them share most
/// sections, rows and cards: up to four sections (some untitled, some
/// empty), up to eight rows with ids unique across the content (some without
/// cards, a quarter renamed), and up to six cards from a pool of six in each
/// row, each made by `card` from its number.
func randomContent(
  _ rng: inout SeededGenerator, card: (Int, inout SeededGenerator) -> CardFace
) -> ShelfContent {
  var sections = (0..<4).shuffled(using: &rng).prefix(Int.random(in: 0...4, using: &rng)).map {
    ShelfSection(
      id: "s\($0)",
      title: Bool.random(using: &rng) ? "Section \(Int.random(in: 0...1, using: &rng))" : nil,
      rows: [])
  }
  guard !sections.isEmpty else { return ShelfContent(title: "t", sections: []) }
  for r in (0..<8).shuffled(using: &rng).prefix(Int.random(in: 0...8, using: &rng)) {
    let numbers = (0..<6).shuffled(using: &rng).prefix(Int.random(in: 0...6, using: &rng))
    let cards = numbers.map { card($0, &rng) }
    let title = Int.random(in: 0..<4, using: &rng) == 0 ? "Renamed" : "Row \(r)"
    sections[Int.random(in: 0..<sections.count, using: &rng)].rows.append(
      CarouselRow(id: "r\(r)", title: title, cards: cards))
  }
  return ShelfContent(title: "t", sections: sections)
}
