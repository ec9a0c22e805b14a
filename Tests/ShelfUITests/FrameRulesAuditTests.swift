import FrameRules
import Testing

// The frame rules audited: hand-made frame sequences, each breaking one rule
// the way a broken motion would, must be flagged by that rule, and the same
// change drawn well must pass every rule. A checker that passes everything
// would let every motion test pass.

/// A frame 40 columns wide: a status line, `height - 2` body lines and a key
/// hint. `blocks` are drawn in order (a later one over an earlier one where
/// they meet), each at its body line (1 is the body's top): `#Name` a section
/// header, `Row x` a row (its title, then a card box), `▸Row x` the focused
/// row (its title marked, its card in the focus's heavy box).
private func frame(_ blocks: [(line: Int, block: String)], height: Int = 30) -> FrameChecker {
  var lines = [" Status"] + Array(repeating: "", count: height - 2) + [" keys"]
  for (line, block) in blocks {
    let drawn: [String]
    if block.hasPrefix("#") {
      drawn = [" ━━ \(block.dropFirst()) " + String(repeating: "━", count: 30)]
    } else {
      let focused = block.hasPrefix("▸")
      let title = focused ? block : " " + block
      let (top, side, bottom) =
        focused ? ("┏━━━━━━━━━━┓", "┃", "┗━━━━━━━━━━┛") : ("┌──────────┐", "│", "└──────────┘")
      drawn =
        [title.padding(toLength: 34, withPad: " ", startingAt: 0) + "1 / 1", "  " + top]
        + ["Card", "by", "2000"].map {
          "  \(side)\($0.padding(toLength: 10, withPad: " ", startingAt: 0))\(side)"
        } + ["  " + bottom]
    }
    for (offset, text) in drawn.enumerated() where (1..<(height - 1)).contains(line + offset) {
      lines[line + offset] = text
    }
  }
  return FrameChecker(text: lines.joined(separator: "\n"))
}

/// Every motion rule's problems over `frames`.
private func motionProblems(_ frames: [FrameChecker]) -> [String] {
  FrameChecker.motionProblems(frames) + FrameChecker.sectionProblems(frames)
    + FrameChecker.shownProblems(frames)
}

/// Row x (6 lines) moving up from line 15 to line 8, out of section Two
/// into section One, past Two (its header and row b, 7 lines), which slides
/// down 6 lines: as drawn well, a frame every line or two, x over row b
/// and Two's header over x where they meet; the focused row a stands still.
private let rowOverASection: [FrameChecker] = [
  (8, 9, 15), (9, 10, 13), (10, 11, 11), (12, 13, 10), (13, 14, 9), (14, 15, 8),
].map { two, b, x in
  frame([(1, "#One"), (2, "▸Row a"), (b, "Row b"), (x, "Row x"), (two, "#Two")])
}

@Test func aChangeDrawnWellPassesEveryRule() {
  #expect(motionProblems(rowOverASection).isEmpty, "\(motionProblems(rowOverASection))")
  for (index, checker) in rowOverASection.enumerated() {
    let isEnd = index == 0 || index == rowOverASection.count - 1
    let problems = checker.problems(
      FrameChecker.Expectations(maximumHole: isEnd ? 0 : 7, isAtRest: isEnd))
    #expect(problems.isEmpty, "frame \(index): \(problems)")
  }
  let rules = FrameRules()
  #expect(rules.gapProblems(rowOverASection.map { rules.still($0.frame) }).isEmpty)
  // Each block is seen between its two ends: the rules judged motion.
  let moving = rules.still(rowOverASection[1].frame)
  let lines = Dictionary(uniqueKeysWithValues: moving.lines.map { ($0.key.description, $0.value) })
  #expect(lines["header \"Two\""] == 9 && lines["row \"Row b\""] == 10)
  #expect(lines["row \"Row x\""] == 13)
}

@Test func theShownRuleSeesARowVanishAndComeBack() {
  let still = frame([(1, "#One"), (2, "▸Row a"), (8, "Row b"), (14, "Row c")])
  let gone = frame([(1, "#One"), (2, "▸Row a"), (14, "Row c")])
  let problems = FrameChecker.shownProblems([still, gone, gone, still])
  #expect(problems.count == 2 && problems.allSatisfy { $0.contains("shown: row \"Row b\"") })
  #expect(FrameChecker.shownProblems([still, still, still, still]).isEmpty)
}

@Test func theShownRuleSeesASectionVanishWhereASmallerBlockPasses() {
  // Section Two (7 lines) left out of the middle frame while x (6 lines)
  // passes its way: each of Two's blocks alone fits under x somewhere on
  // its way, but not the two of them, which travel together.
  var frames = rowOverASection
  frames[2] = frame([(1, "#One"), (2, "▸Row a"), (11, "Row x")])
  let problems = FrameChecker.shownProblems(frames)
  #expect(problems.contains { $0.hasPrefix("frame 2: shown: header \"Two\"") }, "\(problems)")
  #expect(problems.contains { $0.hasPrefix("frame 2: shown: row \"Row b\"") }, "\(problems)")
  // A row left out while the rows it travels with say where it is: it is
  // there, not under some block passing elsewhere on its way.
  frames = [
    frame([(20, "▸Row x"), (1, "#One"), (2, "Row a"), (8, "Row b")]),
    frame([(2, "#One"), (3, "Row a"), (12, "▸Row x")]),
    frame([(6, "▸Row x"), (4, "#One"), (5, "Row a"), (11, "Row b")]),
    frame([(7, "#One"), (8, "Row a"), (14, "Row b"), (1, "▸Row x")]),
  ]
  #expect(
    FrameChecker.shownProblems(frames).contains { $0.hasPrefix("frame 1: shown: row \"Row b\"") })
}

@Test func theSectionRuleSeesAHeaderDrawnTwice() {
  var frames = rowOverASection
  frames[2] = frame([(1, "#One"), (2, "▸Row a"), (11, "Row x"), (10, "#Two"), (17, "#Two")])
  let problems = FrameChecker.sectionProblems(frames)
  #expect(problems == ["frame 2: sections: header \"Two\" drawn twice"], "\(problems)")
}

@Test func theSectionRuleSeesARowUnderAForeignHeader() {
  let still = frame([(1, "#One"), (2, "Row a"), (8, "#Two"), (9, "▸Row b")])
  // Two's header slides up over One's: a reads as Two's.
  let over = frame([(1, "#One"), (2, "Row a"), (9, "▸Row b"), (1, "#Two")])
  let problems = FrameChecker.sectionProblems([still, over, still])
  #expect(problems.contains { $0.contains("header \"Two\" stands over row \"Row a\"") })
}

@Test func theGapsRuleSeesAGapTallerThanTheTallestBlockMoving() {
  let rules = FrameRules()
  // b slides down a line a frame: the only block moving is a row (6 lines),
  // so a gap of 8 (a row and the line a hidden title leaves, and one more)
  // is too tall.
  let frames = (0..<3).map { step in frame([(1, "▸Row a"), (13 + step, "Row b")]) }
  let gaps = rules.gapProblems(frames.map { rules.still($0.frame) })
  #expect(gaps.map(\.offset) == [2], "\(gaps)")
}

@Test func theFocusRuleSeesAFrameWithoutTheFocusBox() {
  let unfocused = frame([(1, "#One"), (2, "Row a"), (8, "#Two"), (9, "Row b")])
  #expect(unfocused.problems().contains { $0.hasPrefix("focus:") })
  #expect(rowOverASection[2].problems(FrameChecker.Expectations(maximumHole: 7)).isEmpty)
}

@Test func theAnimatedRuleSeesAChangeDrawnInOneFrame() {
  let (before, after) = (rowOverASection.first!, rowOverASection.last!)
  #expect(
    FrameChecker.motionProblems([before, after]).contains { $0.contains("nothing animates") })
  #expect(
    FrameChecker.motionProblems([before, before, after, after]).contains {
      $0.contains("nothing animates")
    })
}

/// A one-frame mutation of a good change that a motion rule must flag.
struct MotionMutation: Sendable, CustomTestStringConvertible {
  var testDescription: String
  /// The frame replaced, and the rule's problem prefix that must name `row`.
  var index: Int
  var lines: [(line: Int, block: String)]
  var row: String

  var prefix: String { "frame \(index): \(testDescription):" }

  static let all = [
    // The focused row a keeps its line at both ends: one frame a line lower is flagged.
    MotionMutation(
      testDescription: "still", index: 2,
      lines: [(1, "#One"), (3, "▸Row a"), (11, "Row b"), (11, "Row x"), (10, "#Two")],
      row: "Row a"),
    // x rises from line 15 to 8: a frame where it sinks back a line is flagged.
    MotionMutation(
      testDescription: "oneway", index: 3,
      lines: [(1, "#One"), (2, "▸Row a"), (13, "Row b"), (12, "Row x"), (11, "#Two")],
      row: "Row x"),
  ]
}

@Test(arguments: MotionMutation.all)
func theStillAndOneWayRulesSeeTheirMutation(_ mutation: MotionMutation) {
  var frames = rowOverASection
  frames[mutation.index] = frame(mutation.lines)
  let problems = FrameChecker.motionProblems(frames)
  #expect(
    problems.contains { $0.hasPrefix(mutation.prefix) && $0.contains(mutation.row) },
    "\(problems)")
}

@Test func theSectionRuleSeesAHeaderPopIn() {
  // Two loses x on its way down: hidden for its whole trip and shown at its
  // new line at the end, it pops.
  var frames = rowOverASection
  for index in 1..<(frames.count - 1) {
    let (b, x) = [(10, 13), (11, 11), (13, 10), (14, 9)][index - 1]
    frames[index] = frame([(1, "#One"), (2, "▸Row a"), (b, "Row b"), (x, "Row x")])
  }
  let problems = FrameChecker.sectionProblems(frames)
  #expect(
    problems.contains {
      $0.contains("header \"Two\" seen in 0 of the 4 frames of its trip: it pops")
    },
    "\(problems)")
}
