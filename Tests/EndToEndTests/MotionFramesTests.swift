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
    /// Every frame passed the focus, block, hole and rest checks; the run itself worked.
    private func expectReadable(
      _ report: FrameReport, status: Int32, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      for check in ["focus", "blocks", "holes", "rest"] {
        #expect(
          report.checks[check, default: []].isEmpty, "\(check): \(report.summary)",
          sourceLocation: sourceLocation)
      }
      #expect(status == 0 || status == 1, "frames.py ran (2: the run failed)")
    }

    /// The motion fixtures: rows move past the focused row (b), the focused row moves
    /// to another section (c), cards move across the focused card (d), a row and a card
    /// are deleted directly above and beside the focus (e), inserted there (f), and
    /// everything goes back at once (a).
    private let editSequence = ["a", "b", "c", "d", "e", "f", "a"].map {
      "\(fixtures)/motion/\($0).json"
    }

    @Test func theMassiveDemoWithTheFocusDeepInTheTableKeepsFocusAndBlocksWhole() throws {
      // The demo updates every second and animates for 300 ms: a frame followed by
      // 600 ms of nothing is at rest, with room for a busy machine's stalls. A short
      // run keeps `make test` fast; the 60 s run is in README.md's command.
      let (status, report) = try runFrameCheck([
        "--shelf", shelfBinary.path, "--seconds", "5", "--keys", "jjjjjjjjjjjjll",
        "--rest-ms", "600", "--", "--rate", "fast", "--churn", "massive", "--seed", "7",
      ])
      #expect(report.notes.isEmpty, "\(report.notes)")
      #expect(report.exit == 0, "q quits with status 0")
      #expect(report.frames > 20, "five seconds of updates draw many frames")
      expectReadable(report, status: status)
    }

    @Test func watchedEditsThatMoveRowsAndCardsAcrossTheFocusKeepItWhole() throws {
      // jjj ll: the focus on the fourth row's third card, which every edit moves around.
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--keys", "jjjll", "--watch-sequence"] + editSequence)
      #expect(report.notes.isEmpty, "every edit draws frames: \(report.notes)")
      #expect(report.exit == 0, "q quits with status 0")
      expectReadable(report, status: status)
    }

    @Test func editsArrivingMidAnimationKeepTheFocusWhole() throws {
      // A new version every 300 ms (the watcher waits for a file to settle, so much
      // faster edits merge) while each transition lasts 800 ms: every one is
      // interrupted by the next.
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--keys", "jjjll", "--edit-gap", "0.3", "--watch-sequence"]
          + editSequence + ["--", "--animation-ms", "800"])
      #expect(report.notes.isEmpty, "\(report.notes)")
      #expect(report.exit == 0, "q quits with status 0")
      #expect(report.frames > 20, "the edits reach the screen")
      expectReadable(report, status: status)
    }
  }
}
