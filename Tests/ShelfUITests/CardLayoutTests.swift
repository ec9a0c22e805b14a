import TestSupport
import Testing

@testable import ShelfUI

/// Cards whose fields are missing or of odd widths: the stars must not move.
private let oddCards = Fixtures.oneRow(
  title: "Odd cards", rowID: "odd", rowTitle: "Odd fields",
  cards: [
    CardFace(id: "a", title: "Four digits", subtitle: "1999", year: 1999, rating: 4.0),
    CardFace(id: "b", title: "Three digits", subtitle: "180", year: 180, rating: 5.0),
    CardFace(id: "c", title: "No year", subtitle: "stars only", rating: 3.0),
    CardFace(id: "d", title: "No rating", subtitle: "year only", year: 2001),
    CardFace(id: "e", title: "Five digits", subtitle: "12345", year: 12345, rating: 2.0),
    CardFace(id: "f", title: "Nothing", subtitle: "neither"),
    CardFace(id: "g", title: "BC", subtitle: "-500", year: -500, rating: 1.0),
  ] + (1...12).map { CardFace(id: "more-\($0)", title: "More \($0)", year: 2000 + $0) })

@MainActor
@Test(arguments: [
  Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60),
])
func cardFieldsSitAtFixedColumnsWhateverIsMissing(size: Size) {
  let canvas = ShelfScreen.renderFirstScreen(content: oddCards, size: size)
  let strip = Metrics.strip(forScreenWidth: size.width)
  let fieldLine = 1 + 1 + 3  // status line, row title, then the card's third line
  for index in 0..<min(7, strip.visibleCards) {
    let left = strip.x(ofCard: index, offset: 0)
    let stars = canvas[left + 1 + 6, fieldLine].text
    let hasRating = oddCards.sections[0].rows[0].cards[index].rating != nil
    #expect(hasRating ? stars == "★" || stars == "☆" : stars == " ", "card \(index)")
    // The year ends in the fourth column, the star field starts in the seventh.
    #expect(canvas[left + 1 + 4, fieldLine].text == " ")
    #expect(canvas[left + 1 + 5, fieldLine].text == " ")
  }
  expectGolden(TextBackend.text(of: canvas), named: "odd-cards-\(size.width)x\(size.height)")
}

@Test func aCardIsNeverNarrowerOnAWiderScreen() {
  var previous = Metrics.strip(forScreenWidth: Metrics.minimumSize.width)
  for width in (Metrics.minimumSize.width + 1)...400 {
    let strip = Metrics.strip(forScreenWidth: width)
    #expect(strip.cardWidth >= previous.cardWidth, "at \(width) columns")
    #expect(strip.cardWidth >= Metrics.minimumCardWidth)
    previous = strip
  }
}

@Test(arguments: [40, 60, 80, 100, 120, 160, 200])
func cardsFillTheStripAndLeaveTheIndicatorsAColumnOfTheirOwn(width: Int) {
  let strip = Metrics.strip(forScreenWidth: width)
  let first = strip.x(ofCard: 0, offset: 0)
  let end = strip.x(ofCard: strip.visibleCards - 1, offset: 0) + strip.cardWidth
  #expect(first == 2, "‹ in column 0, a blank in column 1")
  #expect(end <= width - 2, "a blank column before › in the last column")
  // What is left over is less than one more gap per card: the cards span the strip.
  #expect(width - 2 - end < max(strip.visibleCards, 2), "\(width - 2 - end) columns left over")
  #expect(strip.cardWidth - 2 >= 16 || width < 41, "16 columns inside wherever two cards fit")
}

@MainActor
@Test func theMoreCardsIndicatorsNeverTouchACardBorder() {
  for width in [40, 57, 63, 80, 99, 120, 133, 160, 200] {
    let size = Size(width: width, height: 24)
    let screen = ShelfScreen(
      content: oddCards, configuration: ScreenConfiguration(animationDuration: 0),
      updates: .immediate)
    _ = screen.render(size: size, now: 0)
    _ = screen.handle(.character("$"), size: size)
    _ = screen.handle(.left, size: size)
    _ = screen.handle(.left, size: size)
    let lines = screen.render(size: size, now: 0).lines
    let indicators = lines.filter { $0.contains("‹") || $0.contains("›") }
    #expect(!indicators.isEmpty)
    for line in indicators {
      let columns = Array(line)
      if let left = columns.firstIndex(of: "‹") { #expect(columns[left + 1] == " ", "at \(width)") }
      if let right = columns.lastIndex(of: "›") {
        #expect(columns[right - 1] == " ", "at \(width)")
      }
    }
  }
}

/// A card narrower than its year field — one collapsing or growing — keeps the
/// year inside its borders: the year is cut, never drawn over the right border.
@Test(arguments: 3...8)
func aNarrowCardCutsItsYearInsideItsBorders(width: Int) {
  let face = CardFace(id: "y", title: "Year", subtitle: "", year: 1929, rating: 4.0)
  let card = CardPlacement(face: face, x: 1, width: width, isFocused: false)
  var canvas = Canvas(size: Size(width: 12, height: Metrics.cardHeight))
  CardFaceRenderer.draw(
    card, top: 0, lineCount: 3, clip: Rect(x: 0, y: 0, width: 12, height: Metrics.cardHeight),
    into: &canvas)
  let yearLine = Array(canvas.lines[3])
  #expect(yearLine[1] == "│" && yearLine[width] == "│", "\(canvas.lines[3])")
  #expect(yearLine[(width + 1)...].allSatisfy { $0 == " " }, "nothing right of the card")
}

@Test func cardsAre16To32ColumnsInsideAndGrowWithTheScreen() {
  for width in 41...600 {
    let strip = Metrics.strip(forScreenWidth: width)
    let inner = strip.cardWidth - 2
    #expect((16...32).contains(inner), "\(inner) inside at \(width) columns")
  }
  #expect(Metrics.strip(forScreenWidth: 80).cardWidth - 2 == 16)
  #expect(Metrics.strip(forScreenWidth: 120).cardWidth - 2 > 16)
  #expect(Metrics.strip(forScreenWidth: 200).cardWidth - 2 == 32)
}

/// A row of cards whose titles are exactly `width` columns wide.
private func titlesOfWidth(_ width: Int) -> ShelfContent {
  let titles = (0..<12).map { index in
    let word = "Title \(index) "
    return String(String(repeating: word, count: width / word.count + 1).prefix(width))
  }
  let cards = titles.enumerated().map { CardFace(id: "c\($0.offset)", title: $0.element) }
  return Fixtures.oneSection(
    title: "Titles",
    rows: [
      CarouselRow(id: "a", title: "A", cards: cards),
      CarouselRow(id: "b", title: "B", cards: cards.reversed()),
    ])
}

@MainActor
@Test(arguments: [80, 97, 120, 150, 181, 200, 260])
func aTitleAsWideAsTheCardsInsideIsNeverCut(width: Int) {
  let strip = Metrics.strip(forScreenWidth: width)
  let inner = strip.cardWidth - 2
  let content = titlesOfWidth(inner)
  let canvas = ShelfScreen.renderFirstScreen(
    content: content, size: Size(width: width, height: 24))
  let text = TextBackend.text(of: canvas)
  let cards = content.sections[0].rows[0].cards
  for card in cards.prefix(strip.visibleCards) { #expect(text.contains(card.title)) }
  #expect(!text.contains("…"))
  // Every card in every row has the one width: the tops of their boxes say so.
  let tops = canvas.lines.filter { $0.contains("┌") || $0.contains("┏") }
  #expect(tops.count == 2)
  for line in tops {
    let boxes = line.split(whereSeparator: { $0 == " " || $0 == "›" || $0 == "‹" })
    #expect(boxes.allSatisfy { $0.count == strip.cardWidth }, "\(line)")
  }
}
