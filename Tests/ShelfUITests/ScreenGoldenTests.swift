import ShelfUI
import TestSupport
import Testing

@MainActor
@Test(arguments: [(80, 24), (120, 40)])
func firstScreenMatchesItsGolden(width: Int, height: Int) {
  let canvas = ShelfScreen.renderFirstScreen(
    content: Fixtures.content, size: Size(width: width, height: height))
  expectGolden(TextBackend.text(of: canvas), named: "fixture-\(width)x\(height)")
}

@MainActor
@Test func aTooSmallTerminalShowsTheMinimumSize() {
  let canvas = ShelfScreen.renderFirstScreen(content: Fixtures.content, size: Size(width: 30, height: 8))
  expectGolden(TextBackend.text(of: canvas), named: "fixture-too-small-30x8")
}
