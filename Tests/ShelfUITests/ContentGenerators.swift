import PropertyBased

@testable import ShelfUI

/// Random content built from its pieces, so that a failing case shrinks to
/// fewer sections, rows and cards, with smaller numbers in them, not to
/// another seed. The ids come from small pools, so that two contents share
/// most sections, rows and cards: up to four sections (some untitled, some
/// empty), up to eight rows with ids unique across the content (some
/// without cards, a quarter renamed), each in the section its number picks,
/// and up to six cards from a pool of six in each row, each made by `face`
/// from its number and what `card` drew for it. A repeated section, row or
/// card number is dropped.
func contents<Card: Sendable>(
  card: Generator<Card, some SendableSequenceType>,
  face: @escaping @Sendable (Int, Card) -> CardFace
) -> Generator<ShelfContent, AnySequence<Any>> {
  let sections = zip(Gen.int(in: 0...3), Gen.int(in: 0...2)).array(of: 0...4)
  let cards = zip(Gen.int(in: 0...5), card).array(of: 0...6)
  let rows = zip(Gen.int(in: 0...7), Gen.int(in: 0...3), Gen.bool(0.25), cards).array(of: 0...8)
  return zip(sections, rows).map { sectionDraws, rowDraws in
    var sections: [ShelfSection] = []
    for (number, title) in sectionDraws where !sections.contains(where: { $0.id == "s\(number)" }) {
      sections.append(
        ShelfSection(id: "s\(number)", title: title == 0 ? nil : "Section \(title - 1)", rows: []))
    }
    guard !sections.isEmpty else { return ShelfContent(title: "t", sections: []) }
    var rowNumbers: Set<Int> = []
    for (number, section, isRenamed, cardDraws) in rowDraws {
      guard rowNumbers.insert(number).inserted else { continue }
      var cardNumbers: Set<Int> = []
      let cards = cardDraws.filter { cardNumbers.insert($0.0).inserted }.map { face($0.0, $0.1) }
      sections[section % sections.count].rows.append(
        CarouselRow(id: "r\(number)", title: isRenamed ? "Renamed" : "Row \(number)", cards: cards))
    }
    return ShelfContent(title: "t", sections: sections)
  }.eraseToAny()
}
