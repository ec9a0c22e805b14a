import ShelfUI
import Testing

/// Covers that are ready at once: each picture all of one character.
@MainActor
final class ReadyCovers: CoverSource {
  private(set) var asked: [(image: String, width: Int, height: Int)] = []

  func cover(of image: String, width: Int, height: Int) -> CoverCells? {
    asked.append((image, width, height))
    let cell = Cell(
      text: "▚", style: Style(foreground: .indexed(image.utf8.count), background: .indexed(17)))
    return CoverCells(
      width: width, height: height, cells: Array(repeating: cell, count: width * height))
  }

  func prefetch(_ images: [String], width: Int, height: Int) {}
}

/// The covers a frame shows at rest (where a terminal that draws pictures
/// puts them): whole and unobstructed ones only, none while anything moves.
@MainActor
@Suite struct StillCoverTests {
  static let size = Size(width: 100, height: 30)

  static func content(_ ids: [String]) -> ShelfContent {
    ShelfContent(
      title: "Covers",
      sections: [
        ShelfSection(
          id: "s", title: nil,
          rows: [
            CarouselRow(
              id: "r", title: "Row",
              cards: ids.map { CardFace(id: $0, title: "Card \($0)", image: "covers/\($0).png") })
          ])
      ])
  }

  static func screen(coverLines: Int = 6) -> ShelfScreen {
    let screen = ShelfScreen(
      content: content(["a", "b", "c", "d", "e", "f"]),
      configuration: ScreenConfiguration(coverLines: coverLines), updates: .immediate)
    screen.covers = ReadyCovers()
    screen.findsStillCovers = true
    return screen
  }

  @Test func atRestEveryWholeCoverIsShownWhereItsCellsAre() throws {
    let screen = Self.screen()
    let canvas = screen.render(size: Self.size, now: 0)
    let covers = screen.stillCovers
    #expect(covers.count >= 3)
    for cover in covers {
      #expect(canvas.shows(cover.cover, at: cover.origin))
      #expect(cover.height == 6)
      // Inside its card: the border's corner up and to the left.
      #expect(["┌", "┏"].contains(canvas[cover.origin.x - 1, cover.origin.y - 1].text))
    }
    // A card cut by the screen's edge keeps its cells.
    let strip = covers.map { $0.origin.x + $0.width }.max() ?? 0
    #expect(strip < Self.size.width)
  }

  @Test func duringMotionNoCoverIsAtRestAndAfterItTheyAre() {
    let screen = Self.screen()
    _ = screen.render(size: Self.size, now: 0)
    let before = screen.stillCovers
    screen.setContent(Self.content(["f", "e", "d", "c", "b", "a"]))
    var now: UInt64 = 0
    var movingFrames = 0
    while let deadline = screen.nextFrameDeadline(now: now) {
      now = max(deadline, now + 1)
      _ = screen.render(size: Self.size, now: now)
      if screen.nextFrameDeadline(now: now) != nil {
        movingFrames += 1
        #expect(screen.stillCovers.isEmpty, "at \(now)")
      }
    }
    #expect(movingFrames > 3)
    _ = screen.render(size: Self.size, now: now + 100)
    #expect(screen.stillCovers.count == before.count)
    #expect(screen.stillCovers.map(\.image) != before.map(\.image), "the cards moved")
  }

  @Test func onlyAScreenAskedForThemFindsThem() {
    let screen = Self.screen()
    screen.findsStillCovers = false
    _ = screen.render(size: Self.size, now: 0)
    #expect(screen.stillCovers.isEmpty)
  }

  @Test func aCoverUnderTheHelpOverlayIsNotAtRest() {
    let screen = Self.screen()
    _ = screen.render(size: Self.size, now: 0)
    let all = screen.stillCovers.count
    _ = screen.handle(.character("?"), size: Self.size)
    let canvas = screen.render(size: Self.size, now: 10)
    #expect(screen.stillCovers.count < all)
    for cover in screen.stillCovers { #expect(canvas.shows(cover.cover, at: cover.origin)) }
  }
}

/// The cover area follows the screen's size unless its lines are given,
/// and the covers are asked for again at the new size.
@MainActor
@Suite struct CoverResizeTests {
  @Test func aResizedScreenGetsCoversOfItsOwnHeight() throws {
    let large = Size(width: 120, height: 44)
    let small = Size(width: 80, height: 24)
    let fitted = [large, small].map { Metrics.defaultCoverLines(forScreenSize: $0) }
    #expect(fitted[0] != fitted[1])
    for follows in [true, false] {
      let screen = ShelfScreen(
        content: StillCoverTests.content(["a", "b", "c", "d", "e", "f"]),
        configuration: ScreenConfiguration(
          coverLines: fitted[0], coverLinesFollowScreen: follows),
        updates: .immediate)
      let covers = ReadyCovers()
      screen.covers = covers
      screen.findsStillCovers = true
      _ = screen.render(size: large, now: 0)
      #expect(screen.stillCovers.allSatisfy { $0.height == fitted[0] })
      let canvas = screen.render(size: small, now: 10)
      let expected = follows ? fitted[1] : fitted[0]
      #expect(covers.asked.last?.height == expected, "follows: \(follows)")
      if follows {
        // The whole first row of the smaller screen, covers and text.
        #expect(!screen.stillCovers.isEmpty)
        #expect(screen.stillCovers.allSatisfy { $0.height == fitted[1] })
        let cover = try #require(screen.stillCovers.first)
        let below = cover.origin.y + cover.height
        #expect(canvas.row(below).map(\.text).joined().contains("Card"))
      }
    }
  }
}

extension StillCoverTests {
  @Test func aCoverCutByTheBottomOfTheScreenShowsItsTopLines() throws {
    let screen = Self.screen(coverLines: 12)
    // Room for the header and the first lines of the covers only.
    let short = Size(width: 100, height: 12)
    let canvas = screen.render(size: short, now: 0)
    let cover = try #require(screen.stillCovers.first)
    #expect(cover.lines.lowerBound == 0 && cover.lines.count < cover.height)
    #expect(cover.origin.y + cover.lines.upperBound <= short.height)
    #expect(canvas.shownLines(of: cover.cover, at: cover.origin) == cover.lines)
  }
}
