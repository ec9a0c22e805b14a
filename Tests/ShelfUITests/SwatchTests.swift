import TestSupport
import Testing

@testable import ShelfUI

/// `--swatch FIELD`: the square on a card is coloured by a field's value, and
/// the help lists each value with its colour.
@MainActor
@Suite struct SwatchTests {
  private let size = Size(width: 80, height: 24)

  private func content() -> ShelfContent {
    func card(_ id: String, _ genre: String?) -> CardFace {
      CardFace(
        id: id, title: "Book \(id)", subtitle: "Someone", year: 1990, rating: 4,
        fields: genre.map { [.init(name: "genre", value: $0)] } ?? [])
    }
    return Fixtures.oneRow(
      title: "Swatches", rowTitle: "Books",
      cards: [card("a", "Fiction"), card("b", "History"), card("c", "Fiction"), card("d", nil)])
  }

  /// The style map's character for the square of the card at `index` (on the row's year line, screen line 5).
  private func squares(_ canvas: Canvas) -> [Character] {
    let line = TextBackend.text(of: canvas).split(separator: "\n")[5]
    let styles = Array(TextBackend.styleMap(of: canvas).split(separator: "\n")[5])
    return Array(line).indices.filter { Array(line)[$0] == "█" }.map { styles[$0] }
  }

  @Test func theSameValueHasTheSameColourAndACardWithoutItNoSquare() {
    let screen = ShelfScreen(
      content: content(),
      configuration: ScreenConfiguration(cards: CardStyle(swatchField: "genre")),
      updates: .immediate)
    let canvas = screen.render(size: size, now: 0)
    let colours = squares(canvas)
    // Two columns a square, three cards with a genre.
    #expect(colours.count == 6, "\(TextBackend.text(of: canvas))")
    #expect(colours[0] == colours[1] && colours[0] == colours[4], "Fiction twice alike")
    #expect(colours[0] != colours[2], "History in another colour")
  }

  @Test func withoutASwatchFieldNoSquareIsDrawn() {
    let screen = ShelfScreen(
      content: content(), configuration: ScreenConfiguration(), updates: .immediate)
    #expect(squares(screen.render(size: size, now: 0)).isEmpty)
  }

  @Test func theHelpListsEachValueInItsColour() throws {
    let screen = ShelfScreen(
      content: content(),
      configuration: ScreenConfiguration(cards: CardStyle(swatchField: "genre")),
      updates: .immediate)
    let legend = screen.swatchLegend()
    #expect(legend.map(\.value) == ["Fiction", "History"])
    #expect(legend[0].style.foreground == .swatch(CardText.swatch(of: "Fiction")))
    let help = screen.helpLines(width: 60).map(\.0)
    let title = try #require(help.firstIndex(of: "Squares by genre"))
    #expect(Array(help[(title + 1)...].prefix(2)) == ["██ Fiction", "██ History"])
  }
}
