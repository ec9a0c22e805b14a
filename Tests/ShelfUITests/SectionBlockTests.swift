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

// MARK: - The still sections a block passes

// A still section a section block passes is drawn wherever the block does not
// cover it, in every frame: it holds, or slides one way, and never vanishes.
// (With the focus in Fiction, the Fiction and Books block rose over Magazines,
// and Magazines was left out for a dozen frames, its lines blank, and popped
// back at rest.)

/// The id of a scene entry.
private func entryID(_ entry: SceneEntry) -> EntryID {
  switch entry {
  case .header(let header): .section(header.id)
  case .row(let row): .row(row.id)
  }
}

/// Screen line and lines shown of a scene entry.
private func extent(_ entry: SceneEntry) -> Range<Int> {
  switch entry {
  case .header(let header): header.y..<(header.y + header.height)
  case .row(let row): row.y..<(row.y + row.height)
  }
}

/// The entries of which `scene` shows a line in its body.
private func shownEntries(_ scene: Scene) -> Set<EntryID> {
  let body = scene.body
  return Set(
    SceneRenderer.lineSources(of: scene).enumerated().compactMap { y, source in
      body.minY <= y && y < body.maxY && source.entry >= 0
        ? entryID(scene.entries[source.entry]) : nil
    })
}

/// The change from `run`'s content to `content`, drawn a frame every `step`
/// ms, and what it does wrong: `run.problems` (each frame readable, the
/// motion still and one way), the shown and sections rules over its frames,
/// and, in each frame, each entry on screen at both ends that is left out, or
/// a line of which shows neither it nor a moving block drawn over it (a
/// block that travels, the focused row, or a header on its way to a new line,
/// drawn over the rows it crosses).
@MainActor
private func vanishing(_ run: inout CheckedRun, to content: ShelfContent, step: UInt64)
  -> [String]
{
  run.screen.table.keepsShownScene = true
  run.draw()
  guard let first = run.screen.table.shownScene, let canvas = run.canvas else {
    return ["no frame at rest"]
  }
  run.screen.setContent(content)
  var transition = run.screen.table.animator.transition
  var scenes = [first]
  var canvases = [canvas]
  while run.screen.nextFrameDeadline(now: run.now) != nil && scenes.count < 200 {
    transition = transition ?? run.screen.table.animator.transition
    run.now += step
    run.draw()
    if let scene = run.screen.table.shownScene, let canvas = run.canvas {
      scenes.append(scene)
      canvases.append(canvas)
    }
  }
  guard let transition, let last = scenes.last else { return run.problems }
  var problems = run.problems
  let checkers = canvases.map(FrameChecker.init(canvas:))
  problems += FrameChecker.shownProblems(checkers) + FrameChecker.sectionProblems(checkers)
  let model = transition.before.model
  let travelling = Set(
    model.entries.indices.filter { transition.motion.travels(old: $0) }.map { model.entries[$0].id }
  )
  func lines(_ scene: Scene) -> [EntryID: Int] {
    Dictionary(scene.entries.map { (entryID($0), extent($0).lowerBound) }) { a, _ in a }
  }
  let (start, end) = (lines(first), lines(last))
  let kept = shownEntries(first).intersection(shownEntries(last))
  for (index, scene) in scenes.enumerated().dropFirst().dropLast() {
    let sources = SceneRenderer.lineSources(of: scene)
    /// Whether entry `over`, drawn over another, is a moving block.
    func moves(_ over: SceneEntry) -> Bool {
      let id = entryID(over)
      if travelling.contains(id) || over.isFocusedRow { return true }
      if case .header = over { return start[id] != end[id] }
      return false
    }
    for id in kept.sorted(by: { start[$0]! < start[$1]! }) {
      guard let at = scene.entries.firstIndex(where: { entryID($0) == id }) else {
        problems.append("frame \(index): \(id) is left out")
        continue
      }
      let entry = scene.entries[at]
      let body = extent(entry).clamped(to: scene.body.minY..<scene.body.maxY)
      for y in body where sources[y].entry != at {
        let over = sources[y].entry
        // A row's title never stands alone: it shows with the line under it.
        let alone = entry.isRow && y == extent(entry).lowerBound && !body.contains(y + 1)
        let titleOverCovered =
          entry.isRow && y == extent(entry).lowerBound && body.contains(y + 1)
          && sources[y + 1].entry > at && moves(scene.entries[sources[y + 1].entry])
        if alone || titleOverCovered || (over > at && moves(scene.entries[over])) { continue }
        problems.append(
          "frame \(index): line \(y) of \(id) (at \(extent(entry))) shows "
            + (over < 0 ? "nothing" : "\(entryID(scene.entries[over]))"))
      }
    }
  }
  return problems
}

/// The sections fixtures' shape: Magazines (three rows) first, then Fiction
/// and Books (two rows each); `magazinesLast` puts Magazines last, as `a`.
private func sectionsShape(magazinesLast: Bool) -> ShelfContent {
  let (magazines, fiction, books) = (
    ["weekly", "monthly", "quarterly"], ["novels", "poetry"], ["essays", "short"]
  )
  return magazinesLast
    ? sectioned([fiction, books, magazines], ids: [1, 2, 0])
    : sectioned([magazines, fiction, books], ids: [0, 1, 2])
}

@MainActor
@Test(arguments: [
  Size(width: 120, height: 48), Size(width: 120, height: 40), Size(width: 80, height: 24),
])
private func aStillSectionABlockPassesIsDrawnWhereverTheBlockLeavesIt(size: Size) {
  // section-moves -> a and back, the focus on each of the seven rows in turn.
  for magazinesLast in [false, true] {
    for focus in 0..<7 {
      var run = CheckedRun(
        content: sectionsShape(magazinesLast: magazinesLast), size: size, animationDuration: 600)
      for _ in 0..<focus { _ = run.screen.handle(.down, size: size) }
      let problems = vanishing(&run, to: sectionsShape(magazinesLast: !magazinesLast), step: 50)
      let change = magazinesLast ? "a -> section-moves" : "section-moves -> a"
      let drawn = problems.isEmpty
      #expect(
        drawn,
        "\(change), focus on row \(focus): \(problems.prefix(4).joined(separator: "\n"))")
    }
  }
}

/// A section move found over random catalogs: the catalog before and after
/// (section ids after, in order), the size, the focused row (its index) and
/// the time between frames.
private struct FoundMove: CustomTestStringConvertible, Sendable {
  let name: String
  let old: [[String]]
  let new: [[String]]
  let ids: [Int]
  let size: Size
  let focus: Int
  let step: UInt64
  var testDescription: String { name }

  /// What the change does wrong, drawn frame by frame (see `vanishing`).
  @MainActor
  func problems() -> [String] {
    var run = CheckedRun(content: sectioned(old), size: size, animationDuration: 600)
    for _ in 0..<focus { _ = run.screen.handle(.down, size: size) }
    return vanishing(&run, to: sectioned(new, ids: ids), step: step)
  }
}

// A section moving whole while the view is scrolled past its header (the
// focus in a still section below it) is still one block: its rows travel
// over the still sections they pass, which no header covers. (Its header,
// off screen at both ends, did not travel, so its rows went as loose rows:
// a still header the block passed was drawn over them, and a row of it was
// left out as another section's.)
@MainActor
@Test(arguments: [
  FoundMove(
    name: "Section 1 rises over Section 0, scrolled to Section 2 (100x30)",
    old: [["r1"], ["r2", "r3", "r4"], ["r5", "r6", "r7", "r8"]],
    new: [["r2", "r3", "r4"], ["r1"], ["r5", "r6", "r7", "r8"]], ids: [1, 0, 2],
    size: Size(width: 100, height: 30), focus: 5, step: 23),
  FoundMove(
    name: "Section 1 rises over Section 0, scrolled to Section 2 (120x40)",
    old: [
      ["r1", "r2"], ["r3", "r4", "r5", "r6"], ["r7", "r8", "r9"], ["r10", "r11", "r12", "r13"],
    ],
    new: [
      ["r3", "r4", "r5", "r6"], ["r1", "r2"], ["r7", "r8", "r9"], ["r10", "r11", "r12", "r13"],
    ],
    ids: [1, 0, 2, 3], size: Size(width: 120, height: 40), focus: 8, step: 18),
  FoundMove(
    name: "Section 2 rises over Section 1, the focus in it (80x24)",
    old: [["r1", "r2", "r3", "r4"], ["r5", "r6", "r7", "r8"], ["r9", "r10", "r11", "r12"]],
    new: [["r1", "r2", "r3", "r4"], ["r9", "r10", "r11", "r12"], ["r5", "r6", "r7", "r8"]],
    ids: [0, 2, 1], size: Size(width: 80, height: 24), focus: 11, step: 36),
  FoundMove(
    name: "Section 2 rises over Sections 0 and 1, the focus in it (80x24)",
    old: [["r1", "r2", "r3", "r4"], ["r5", "r6"], ["r7", "r8", "r9", "r10"]],
    new: [["r7", "r8", "r9", "r10"], ["r1", "r2", "r3", "r4"], ["r5", "r6"]], ids: [2, 0, 1],
    size: Size(width: 80, height: 24), focus: 9, step: 48),
])
private func aSectionBlockScrolledPastItsHeaderIsStillOneBlock(move: FoundMove) {
  let problems = move.problems()
  #expect(problems.isEmpty, "\(problems.prefix(4).joined(separator: "\n"))")
}

// A section block that keeps its line on screen (the focused section: the
// view scrolls with it) is passed by the still sections all the same: they
// go under it, stepping over the stretch where they would show rows below
// it under its header, and are drawn wherever it leaves them. (Its passes
// were not looked for: the section rising under it was left out as the
// focused section's rows.)
@MainActor
@Test func aStillSectionPassesUnderASectionBlockThatKeepsItsLine() {
  let problems = FoundMove(
    name: "Section 1 (the focus) goes down over Section 2, the view scrolling with it",
    old: [["r1"], ["r2"], ["r3"], ["r4", "r5"], ["r6", "r7", "r8", "r9"]],
    new: [["r1"], ["r3"], ["r2"], ["r4", "r5"], ["r6", "r7", "r8", "r9"]], ids: [0, 2, 1, 3, 4],
    size: Size(width: 120, height: 40), focus: 1, step: 46
  ).problems()
  #expect(problems.isEmpty, "\(problems.prefix(4).joined(separator: "\n"))")
}
