import Foundation
import TestSupport
import Testing

extension InTmux {
  /// Every frame of the live app, replayed from its real output through a
  /// terminal emulator, is readable: the focused card whole and marked, row blocks
  /// whole, no run of blank lines longer than a row (the tallest block a change
  /// inserts, deletes or moves: transitions are staged, so a gap never opens
  /// wider than one block's slot), and a screen at rest starting on a whole block.
  @Suite struct MotionFrames {
    /// The most blank lines a frame may show where several blocks travel past
    /// each other at once (the massive demo churn; the last edit of
    /// `editSequence` undoes all the others): every block on screen still
    /// goes one way, so the slots they leave and take may show together. Two
    /// rows and the title line a passing block hides; an edit that moves one
    /// block keeps the one-row bound (see `smallSequence`'s tests).
    static let reshuffleHole = String(2 * 6 + 1)

    /// Every frame passed the focus, block, hole and rest checks; the run itself worked.
    private func expectReadable(
      _ report: FrameReport, status: Int32,
      checks: [String] = ["focus", "blocks", "holes", "rest"],
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      for check in checks {
        #expect(
          report.checks[check, default: []].isEmpty, "\(check): \(report.summary)",
          sourceLocation: sourceLocation)
      }
      #expect(status == 0 || status == 1, "frames.py ran (2: the run failed)")
    }

    /// The app drew every change and quit with status 0 (having drawn more
    /// than `frames` frames, when given), and every frame passed `checks`.
    private func expectReadableRun(
      _ report: FrameReport, status: Int32, frames: Int? = nil,
      checks: [String] = ["focus", "blocks", "holes", "rest"],
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(report.notes.isEmpty, "\(report.notes)", sourceLocation: sourceLocation)
      #expect(report.exit == 0, "q quits with status 0", sourceLocation: sourceLocation)
      if let frames {
        #expect(
          report.frames > frames, "the changes reach the screen", sourceLocation: sourceLocation)
      }
      expectReadable(report, status: status, checks: checks, sourceLocation: sourceLocation)
    }

    /// Every change was easy to follow (still blocks stay, moving ones go one
    /// way, each animated over frames between its two ends, headers over
    /// their own rows and never popping in), and there were `count` of them.
    private func expectFollowable(
      _ report: FrameReport, changes count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      for check in ["still", "oneway", "animated", "gaps", "sections", "shown"] {
        #expect(
          report.checks[check] == [], "\(check): \(report.summary)", sourceLocation: sourceLocation)
      }
      let changes = try #require(
        report.motionChanges, "frames.py read the changes", sourceLocation: sourceLocation)
      #expect(
        changes.count == count, "one change for each edit: \(changes)",
        sourceLocation: sourceLocation)
      #expect(
        changes.allSatisfy { $0 >= 3 }, "each change draws frames between its ends: \(changes)",
        sourceLocation: sourceLocation)
    }

    /// The motion fixtures: rows move past the focused row (b), the focused row moves
    /// to another section (c), cards move across the focused card (d), a row and a card
    /// are deleted directly above and beside the focus (e), inserted there (f), and
    /// everything goes back at once (a).
    private let editSequence = ["a", "b", "c", "d", "e", "f", "a"].map {
      "\(fixtures)/motion/\($0).json"
    }

    /// The small motion fixtures, which fit 100x40 whole: a section moves above
    /// another (b), two rows of a section swap (c), and everything goes back (a).
    private let smallSequence = ["a", "b", "c", "a"].map { "\(fixtures)/motion-small/\($0).json" }

    /// Runs the small sequence with the motion checks: every frame readable, every
    /// change easy to follow (still blocks stay, moving ones go one way, all of it
    /// animated over frames between the two ends).
    ///
    /// Every block of a change moves at once (TableMotion): where two blocks cross,
    /// the upper one covers the other, and the lines the covered one leaves show
    /// blank. The last edit undoes both a section's move and a row swap, two
    /// crossings at once, whose gaps meet in a run as tall as the moving section
    /// (13 lines: its header and two rows), not the default single row.
    private func expectFollowableEdits(keys: String) throws {
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--motion", "--size", "100x40", "--keys", keys]
          + ["--max-hole", "13", "--watch-sequence"] + smallSequence)
      expectReadableRun(report, status: status)
      try expectFollowable(report, changes: 3)
    }

    @Test func aSectionMovingAndTwoRowsSwappingMoveOneWayAndLeaveTheRestStill() throws {
      try expectFollowableEdits(keys: "")
    }

    /// The section fixtures under `--watch`, each edit and back: a row moving
    /// into the section above, a whole section moving, a row inserted at the
    /// top above the focus. Every frame readable, every change followable,
    /// the section rules included (a header over its own rows, never popping
    /// in); the tallest block the edits move is the Magazines section (its
    /// header and three rows, 19 lines), so no gap may be taller.
    @Test func sectionEditsMoveHeadersWithTheirRowsLive() throws {
      let sections =
        ["a", "row-joins-section-above", "a", "section-moves", "a"]
        + ["row-inserted-at-top"]
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--motion", "--size", "120x48", "--max-hole", "19"]
          + ["--watch-sequence"] + sections.map { "\(fixtures)/sections/\($0).json" }
          + ["--", "--animation-ms", "600"])
      expectReadableRun(report, status: status)
      try expectFollowable(report, changes: 5)
    }

    @Test func theFocusInsideAMovingSectionMovesWithItOneWay() throws {
      // jjj l: the focus on the West section's first row, which b moves up and a back down.
      try expectFollowableEdits(keys: "jjjl")
    }

    /// One synchronized update that paints `lines` from the top-left corner.
    private func frame(_ lines: [String]) -> Data {
      var text = "\u{1B}[?2026h\u{1B}[H\u{1B}[2J"
      for (y, line) in lines.enumerated() {
        text += "\u{1B}[\(y + 1);1H" + line
      }
      return Data((text + "\u{1B}[?2026l").utf8)
    }

    /// The screen `shelf render` draws for a small motion fixture at 100x40.
    private func rendered(_ name: String) throws -> [String] {
      let render = try runShelf([
        "render", "--catalog", "\(fixtures)/motion-small/\(name).json", "--width", "100",
        "--height", "40",
      ])
      #expect(render.status == 0)
      let lines = render.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        .prefix(40).map(String.init)
      try #require(lines.count == 40)
      return lines
    }

    /// A recorded stream of four frames, with arrival times: a at rest (0 s), the
    /// same body drawn one line lower (1 s: the still North section jumps, the West
    /// one, on its way up, steps down), b at rest (1.05 s), and a again at once
    /// (2 s: a change of one frame), then q (3 s).
    private func jumpyStream() throws -> (stream: URL, times: URL) {
      let (a, b) = (try rendered("a"), try rendered("b"))
      let blank = String(repeating: " ", count: 100)
      let lower = [a[0], blank] + a[1..<38] + [a[39]]
      var data = Data()
      var times = ""
      for (lines, time) in [(a, "0.0"), (lower, "1.0"), (b, "1.05"), (a, "2.0")] {
        let piece = frame(lines)
        times += "\(data.count) \(time) \(piece.count)\n"
        data += piece
      }
      let base = FileManager.default.temporaryDirectory.appendingPathComponent(
        "shelf-motion-\(UUID().uuidString.prefix(8))")
      let stream = base.appendingPathExtension("bin")
      let timesFile = base.appendingPathExtension("times")
      try data.write(to: stream)
      try Data((times + "quit 3.0\n").utf8).write(to: timesFile)
      return (stream, timesFile)
    }

    @Test func theMotionChecksFlagAStillRowThatJumpsAndAChangeDrawnInOneFrame() throws {
      let (stream, times) = try jumpyStream()
      defer {
        try? FileManager.default.removeItem(at: stream)
        try? FileManager.default.removeItem(at: times)
      }
      let (status, report) = try runFrameCheck([
        "--replay", stream.path, "--times", times.path, "--size", "100x40", "--motion",
      ])
      #expect(status == 1, "a failed check exits 1")
      #expect(report.frames == 4)
      #expect(report.motionChanges == [3, 2], "a to b in three frames, b to a in two")
      #expect(report.checks["still"] == [1], "\(report.summary)")
      #expect(report.checks["oneway"] == [1], "\(report.summary)")
      #expect(report.checks["animated"] == [3], "\(report.summary)")
      for check in ["focus", "blocks", "holes", "rest"] {
        #expect(report.checks[check] == [], "\(check): \(report.summary)")
      }
      let reasons = (report.problems["1"] ?? []).map { $0.joined(separator: ": ") }
      #expect(reasons.contains { $0.hasPrefix("still") && $0.contains("\"North\"") }, "\(reasons)")

      // Without --motion the frames are only read one by one; a change that
      // begins before the keys phase ended is not checked.
      let (_, plain) = try runFrameCheck(["--replay", stream.path, "--times", times.path])
      #expect(plain.motionChanges == nil)
      #expect(plain.checks["still"] == nil && plain.checks["animated"] == nil)
      try Data((String(decoding: Data(contentsOf: times), as: UTF8.self) + "phase 1.5\n").utf8)
        .write(to: times)
      let (_, later) = try runFrameCheck([
        "--replay", stream.path, "--times", times.path, "--size", "100x40", "--motion",
      ])
      #expect(later.motionChanges == [2], "only b to a begins after 1.5 s")
      #expect(later.checks["still"] == [] && later.checks["animated"] == [3], "\(later.summary)")
    }

    @Test func theMassiveDemoWithTheFocusDeepInTheTableKeepsFocusAndBlocksWhole() throws {
      // The demo updates every second and animates for 300 ms: a frame followed by
      // 600 ms of nothing is at rest, with room for a busy machine's stalls. A short
      // run keeps `make test` fast; the 60 s run is in README.md's command.
      let (status, report) = try runFrameCheck([
        "--shelf", shelfBinary.path, "--seconds", "5", "--keys", "jjjjjjjjjjjjll",
        "--rest-ms", "600", "--motion",
        "--", "--rate", "fast", "--churn", "massive", "--seed", "7",
      ])
      // The massive churn reshuffles many rows at once, each going one way:
      // their blocks set off staggered, so no gap is taller than the tallest
      // block moving (and a line for a hidden title), nor any hole.
      expectReadableRun(
        report, status: status, frames: 20, checks: ["focus", "blocks", "holes", "rest", "gaps"])
    }

    /// Covers are cells of their cards: with the massive demo reshuffling
    /// rows and cards of covers (and placeholders turning into covers as
    /// they are converted), every frame keeps the focus and the boxes whole.
    @Test func coversMoveWithTheirCardsAndKeepEveryBoxWhole() throws {
      let covers = try CoverCatalog(extraRows: 4)
      let (status, report) = try runFrameCheck([
        "--shelf", shelfBinary.path, "--seconds", "5", "--keys", "jlljh", "--rest-ms", "600",
        "--max-hole", String(2 * (6 + 4) + 1),
        "--", "--catalog", covers.catalog, "--cover-lines", "4", "--rate", "fast",
        "--churn", "massive", "--seed", "7",
      ])
      expectReadableRun(report, status: status, frames: 20)
    }

    @Test func watchedEditsThatMoveRowsAndCardsAcrossTheFocusKeepItWhole() throws {
      // jjj ll: the focus on the fourth row's third card, which every edit moves around.
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--keys", "jjjll", "--max-hole", Self.reshuffleHole]
          + ["--watch-sequence"] + editSequence)
      expectReadableRun(report, status: status)
    }

    @Test func editsArrivingMidAnimationKeepTheFocusWhole() throws {
      // A new version every 300 ms (the watcher waits for a file to settle, so much
      // faster edits merge) while each transition lasts 800 ms: every one is
      // interrupted by the next.
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--keys", "jjjll", "--edit-gap", "0.3"]
          + ["--max-hole", Self.reshuffleHole, "--watch-sequence"] + editSequence
          + ["--", "--animation-ms", "800"])
      expectReadableRun(report, status: status, frames: 20)
    }

    /// `S` sorts every row's cards by title, then by year: each new order is a
    /// change like any other, drawn over frames between its two ends, with
    /// every block still and the focus whole.
    @Test func aNewOrderOfTheCardsAnimatesUnderTheMotionRules() throws {
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--motion", "--size", "120x40", "--seconds", "5"]
          + ["--at", "1:S", "--at", "3:S", "--", "--no-live"])
      expectReadable(report, status: status)
      try expectFollowable(report, changes: 2)
    }
  }
}
