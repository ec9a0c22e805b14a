import FrameRules
import TestSupport
import Testing

@testable import ShelfUI

// A section moving whole is one opaque block (#42, case 2): in every frame
// its header stands directly above its rows, in order, nothing between them
// and none of them missing, and the block's top goes one way from its old
// line to its new one, seen on lines between the two. Every frame keeps the
// frame rules too, `shown` and the section rules included.

/// A row of short cards, as the animation fixtures make them.
private func row(_ id: String, _ cards: [String] = ["a", "b", "c"]) -> CarouselRow {
  AnimationFixtures.row(id, cards)
}

/// The small motion catalog (the `motion-small` fixtures' shape): North,
/// South and West, where `westFirst` puts West above South.
private func small(westFirst: Bool) -> ShelfContent {
  let south: (id: String, title: String?, rows: [CarouselRow]) = ("south", "South", [row("reeds")])
  let west: (id: String, title: String?, rows: [CarouselRow]) = (
    "west", "West", [row("sedges"), row("thorns")]
  )
  return Fixtures.shelf(
    "Motion Small",
    [("north", "North", [row("oaks", ["a", "b", "c", "d"]), row("pines")])]
      + (westFirst ? [west, south] : [south, west]))
}

/// The sections catalog (the `sections` fixtures' shape): Fiction, Books and
/// Magazines, or with Magazines first.
private func shelves(magazinesFirst: Bool) -> ShelfContent {
  let sections: [(id: String, title: String?, rows: [CarouselRow])] = [
    ("fiction", "Fiction", [row("novels", ["a", "b"]), row("poetry", ["c"])]),
    ("books", "Books", [row("essays", ["d", "e"]), row("short", ["f"])]),
    (
      "magazines", "Magazines",
      [row("weekly", ["g"]), row("monthly", ["h", "i"]), row("quarterly")]
    ),
  ]
  return Fixtures.shelf(
    "Shelves", magazinesFirst ? [sections[2], sections[0], sections[1]] : sections)
}

/// A change where whole sections move: the sections that travel as the
/// block (title and row ids), and its height.
private struct SectionMove: CustomTestStringConvertible, Sendable {
  let name: String
  let from: ShelfContent
  let to: ShelfContent
  let block: [(title: String, rows: [String])]
  var testDescription: String { name }
}

private let moves = [
  SectionMove(
    name: "motion-small a->b: West rises over South", from: small(westFirst: false),
    to: small(westFirst: true), block: [("West", ["sedges", "thorns"])]),
  SectionMove(
    name: "motion-small b->a: West goes down over South", from: small(westFirst: true),
    to: small(westFirst: false), block: [("West", ["sedges", "thorns"])]),
  SectionMove(
    name: "sections a->section-moves: Fiction and Books (the focus) go down over Magazines",
    from: shelves(magazinesFirst: false), to: shelves(magazinesFirst: true),
    block: [("Fiction", ["novels", "poetry"]), ("Books", ["essays", "short"])]),
  SectionMove(
    name: "sections section-moves->a: Magazines (the focus) goes down over Fiction and Books",
    from: shelves(magazinesFirst: true), to: shelves(magazinesFirst: false),
    block: [("Magazines", ["weekly", "monthly", "quarterly"])]),
]

@MainActor
@Test(arguments: moves, [Size(width: 120, height: 40), Size(width: 80, height: 30)])
private func aSectionMovingWholeIsOneBlockInEveryFrame(move: SectionMove, size: Size) {
  let frames = ShelfScreen.timedFrames(
    from: move.from, to: move.to, size: size, framesPerSecond: 20,
    configuration: ScreenConfiguration(animationDuration: 600), focusStays: true
  ).map(\.canvas)
  #expect(frames.count > 4, "the change animates")
  // The frame rules: the focus whole, no hole taller than the block, every
  // change followable, the section and shown rules included.
  let blockHeight = move.block.reduce(0) { $0 + 1 + $1.rows.count * Metrics.rowHeight }
  let checkers = frames.map(FrameChecker.init(canvas:))
  for (index, checker) in checkers.enumerated() {
    let isEnd = index == 0 || index == frames.count - 1
    let problems = checker.problems(
      FrameChecker.Expectations(maximumHole: isEnd ? 0 : blockHeight, isAtRest: isEnd))
    #expect(problems.isEmpty, "frame \(index): \(problems)")
  }
  let motion =
    FrameChecker.motionProblems(checkers) + FrameChecker.sectionProblems(checkers)
    + FrameChecker.shownProblems(checkers)
  #expect(motion.isEmpty, "\(motion.joined(separator: "\n"))")

  // The block: each header directly above its rows, each section right
  // under the one before, as at rest, wherever a line of it is on screen.
  let body = Layout.body(for: size)
  let lines = frames.map {
    TextBackend.text(of: $0).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
  }
  let first = move.block[0].title
  func topLine(_ lines: [String]) -> Int? { lines.firstIndex { $0.hasPrefix(" ━━ \(first) ") } }
  // Title lines below the block's top, in order.
  var expected: [(offset: Int, prefix: String)] = []
  var offset = 0
  for section in move.block {
    expected.append((offset, " ━━ \(section.title) "))
    offset += 1
    for id in section.rows {
      expected.append((offset, "Row \(id)"))
      offset += Metrics.rowHeight
    }
  }
  var tops: [Int] = []
  for (index, frame) in lines.enumerated() {
    guard let top = topLine(frame) else {
      Issue.record("frame \(index): no \(first) header")
      continue
    }
    tops.append(top)
    // (A row shows from its title and the line under it on.)
    for (offset, prefix) in expected
    where body.minY <= top + offset && top + offset + (prefix.hasPrefix("Row") ? 1 : 0) < body.maxY
    {
      let line = frame[top + offset]
      #expect(
        line.hasPrefix(prefix) || line.dropFirst().hasPrefix(prefix),
        "frame \(index): line \(top + offset) is \"\(line.prefix(30))\", not \(prefix)")
    }
  }
  // One way, from its old line to its new one, seen between the two.
  // (Where the scroll position takes the change, as when the focused row
  // keeps its line and the section it passes is off screen, nothing moves.)
  guard let start = tops.first, let end = tops.last, start != end else {
    #expect(Set(tops).count == 1, "the block stays: \(tops)")
    return
  }
  let way = end > start ? 1 : -1
  #expect(zip(tops, tops.dropFirst()).allSatisfy { ($1 - $0) * way >= 0 }, "one way: \(tops)")
  #expect(tops.contains { ($0 - start) * way > 0 && ($0 - end) * way < 0 }, "seen mid-way: \(tops)")
}
