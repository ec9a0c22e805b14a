import FrameRules
import TestSupport
import Testing

@testable import ShelfUI

// Motion where sections change, frame by frame as `shelf frames` draws it (the
// same code as the live screen): a row moving into another section, a whole
// section moving, a row inserted above the focus. Each transcript is a golden
// a reader can follow, and every frame keeps the frame rules, the section
// rules included (a header over its own rows only, never popping in).

/// Three sections, seven rows.
private let shelves = Fixtures.shelf(
  "Shelves",
  [
    ("fiction", "Fiction", [row("novels", ["a", "b"]), row("poetry", ["c"])]),
    ("books", "Books", [row("essays", ["d", "e"]), row("short", ["f"])]),
    (
      "magazines", "Magazines",
      [row("weekly", ["g"]), row("monthly", ["h", "i"]), row("quarterly", ["j"])]
    ),
  ])

/// A row of short cards, as the animation fixtures make them.
private func row(_ id: String, _ cards: [String]) -> CarouselRow {
  AnimationFixtures.row(id, cards)
}

private let size = Size(width: 60, height: 48)

/// Lines of the Magazines section: its header and three rows.
private let sectionHeight = 1 + 3 * Metrics.rowHeight

/// `shelves` changed by `change`.
private func shelves(_ change: (inout [ShelfSection]) -> Void) -> ShelfContent {
  editing(shelves, change)
}

/// The frames from `shelves` to `target`, 600 ms at 20 frames a second, as
/// `shelf frames` and the live screen show them (the focus stays on its card).
@MainActor
private func frames(to target: ShelfContent, size: Size = size) -> [Canvas] {
  ShelfScreen.timedFrames(
    from: shelves, to: target, size: size, framesPerSecond: 20,
    configuration: ScreenConfiguration(animationDuration: 600), focusStays: true
  ).map(\.canvas)
}

/// Every frame readable (the focus whole and marked, no hole taller than
/// `hole`) and the motion easy to follow, the section rules included.
private func expectFollowable(
  _ frames: [Canvas], hole: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
  let checkers = frames.map(FrameChecker.init(canvas:))
  for (index, checker) in checkers.enumerated() {
    let isEnd = index == 0 || index == frames.count - 1
    let problems = checker.problems(
      FrameChecker.Expectations(maximumHole: isEnd ? 0 : hole, isAtRest: isEnd))
    #expect(problems.isEmpty, "frame \(index): \(problems)", sourceLocation: sourceLocation)
  }
  let motion =
    FrameChecker.motionProblems(checkers) + FrameChecker.sectionProblems(checkers)
    + FrameChecker.shownProblems(checkers)
  #expect(motion.isEmpty, "\(motion.joined(separator: "\n"))", sourceLocation: sourceLocation)
  #expect(frames.count > 4, "the change animates", sourceLocation: sourceLocation)
}

@MainActor
@Test func aRowMovingIntoTheSectionAboveSlidesUnderTheHeadersItCrosses() {
  // Short Stories, the last row of Books, becomes the first of Fiction.
  let frames = frames(to: shelves { $0[0].rows.insert($0[1].rows.remove(at: 1), at: 0) })
  expectFollowable(frames, hole: Metrics.rowHeight)
  // The Books header slides down the row's height, seen on its way.
  let lines = frames.map { TextBackend.text(of: $0).split(separator: "\n").map(String.init) }
  let booksLine = lines.map { $0.firstIndex { $0.hasPrefix(" ━━ Books") } }
  #expect(booksLine.first == 14 && booksLine.last == 14 + Metrics.rowHeight)
  #expect(booksLine.compactMap { $0 }.count > frames.count / 2)
  expectGolden(TextBackend.transcript(of: frames), named: "sections-row-joins-section-above")
}

@MainActor
@Test func aSectionMovingTakesItsHeaderAlongAsOneBlock() {
  let frames = frames(to: shelves { $0.insert($0.remove(at: 2), at: 0) })
  // The tallest block moving is the Magazines section: its header and three rows.
  expectFollowable(frames, hole: sectionHeight)
  // In every frame the Magazines header stands directly above Weekly.
  for (index, frame) in frames.enumerated() {
    let lines = TextBackend.text(of: frame).split(separator: "\n").map(String.init)
    guard let header = lines.firstIndex(where: { $0.hasPrefix(" ━━ Magazines") }) else { continue }
    #expect(lines[header + 1].contains("Row weekly"), "frame \(index)")
  }
  expectGolden(TextBackend.transcript(of: frames), named: "sections-section-moves")
}

@MainActor
@Test func aSectionMovingPastTheFocusLeavesNoRowOut() {
  // On a shorter screen the focused row (Novels) moves down less than the
  // section rises past it: the block passes the focus and the still rows.
  for height in [40, 30] {
    let size = Size(width: 80, height: height)
    let frames = frames(to: shelves { $0.insert($0.remove(at: 2), at: 0) }, size: size)
    expectFollowable(frames, hole: sectionHeight)
  }
}

@MainActor
@Test func aHeaderTheFocusedRowLeavesStepsOverItSeen() {
  // Novels, focused under the Fiction header, leaves Fiction for an untitled
  // section above it (and a row joins Books): it rises a line while the
  // header goes down past it to stand under it. The header's new line is
  // where the row's last line is until the row ends its way: it holds above
  // the row until then, never hidden under it for the frames between (a pop).
  let frames = frames(
    to: shelves {
      let novels = $0[0].rows.remove(at: 0)
      $0.insert(ShelfSection(id: "loose", title: nil, rows: [novels]), at: 0)
      $0[2].rows.append(row("new", ["n"]))
    })
  expectFollowable(frames, hole: Metrics.rowHeight)
  let lines = frames.map { TextBackend.text(of: $0).split(separator: "\n").map(String.init) }
  let fiction = lines.map { $0.firstIndex { $0.hasPrefix(" ━━ Fiction") } }
  #expect(fiction.first == 1 && fiction.last == 1 + Metrics.rowHeight)
  #expect(fiction.allSatisfy { $0 != nil }, "\(fiction)")
}

@MainActor
@Test func aRowInsertedAboveTheFocusGrowsInViewAndTheFocusStays() {
  let frames = frames(to: shelves { $0[0].rows.insert(row("new", ["n"]), at: 0) })
  expectFollowable(frames, hole: Metrics.rowHeight)
  let texts = frames.map(TextBackend.text(of:))
  #expect(texts.allSatisfy { $0.contains("▸Row novels") }, "the focus stays on its row")
  #expect(texts.last?.contains("Row new") == true, "the new row shows")
  expectGolden(TextBackend.transcript(of: frames), named: "sections-row-inserted-above-focus")
}

@MainActor
@Test func aRowInsertedFarAboveTheScreenMovesNothingOnIt() {
  let small = Size(width: 60, height: 20)
  let screen = ShelfScreen(
    content: shelves, configuration: ScreenConfiguration(animationDuration: 600),
    updates: .immediate)
  _ = screen.render(size: small, now: 0)
  for _ in 0..<5 { _ = screen.handle(.down, size: small) }  // focus: Monthly, deep down
  let before = screen.render(size: small, now: 0)
  #expect(!TextBackend.text(of: before).contains("Fiction"), "the top is off screen")
  screen.setContent(shelves { $0[0].rows.insert(row("new", ["n"]), at: 0) })
  var now: UInt64 = 0
  var frames = [screen.render(size: small, now: now)]
  while let deadline = screen.nextFrameDeadline(now: now) {
    now = max(deadline, now + 1)
    frames.append(screen.render(size: small, now: now))
  }
  // The scroll position takes the insertion: every body line stays as it was
  // (only the status line's row count changes).
  let body = { (canvas: Canvas) in Array(canvas.lines[1..<(small.height - 1)]) }
  for (index, frame) in frames.enumerated() {
    #expect(body(frame) == body(before), "frame \(index)")
  }
}
