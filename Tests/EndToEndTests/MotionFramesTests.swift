import Foundation
import TestSupport
import Testing

extension InTmux {
  /// Issue 14: every frame of the live app, replayed from its real output through a
  /// terminal emulator, is readable: the focused card whole and marked, row blocks
  /// whole, no hole larger than a row, and a screen at rest starting on a whole block.
  @Suite struct MotionFrames {
    /// The motion fixtures: rows move past the focused row (b), the focused row moves
    /// to another section (c), cards move across the focused card (d), a row and a card
    /// are deleted directly above and beside the focus (e), inserted there (f), and
    /// everything goes back at once (a).
    private let editSequence = ["a", "b", "c", "d", "e", "f", "a"].map {
      "\(fixtures)/motion/\($0).json"
    }

    @Test func theMassiveDemoWithTheFocusDeepInTheTableShowsNoBadFrame() throws {
      // The demo updates every second and animates for 300 ms: a frame followed by
      // 600 ms of nothing is at rest, with room for a busy machine's stalls.
      let (status, report) = try runFrameCheck([
        "--shelf", shelfBinary.path, "--seconds", "10", "--keys", "jjjjjjjjjjjjll",
        "--rest-ms", "600", "--", "--rate", "fast", "--churn", "massive", "--seed", "7",
      ])
      #expect(report.notes.isEmpty, "\(report.notes)")
      #expect(report.exit == 0, "q quits with status 0")
      #expect(report.frames > 30, "ten seconds of updates draw many frames")
      #expect(report.bad.isEmpty, "\(report.summary)")
      #expect(status == 0)
    }

    @Test func watchedEditsThatMoveRowsAndCardsAcrossTheFocusShowNoBadFrame() throws {
      // jjj ll: the focus on the fourth row's third card, which every edit moves around.
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--keys", "jjjll", "--watch-sequence"] + editSequence)
      #expect(report.notes.isEmpty, "every edit draws frames: \(report.notes)")
      #expect(report.exit == 0, "q quits with status 0")
      #expect(report.bad.isEmpty, "\(report.summary)")
      #expect(status == 0)
    }

    @Test func editsArrivingMidAnimationShowNoBadFrame() throws {
      // A new version every 300 ms (the watcher waits for a file to settle, so much
      // faster edits merge) while each transition lasts 800 ms: every one is
      // interrupted by the next.
      let (status, report) = try runFrameCheck(
        ["--shelf", shelfBinary.path, "--keys", "jjjll", "--edit-gap", "0.3", "--watch-sequence"]
          + editSequence + ["--", "--animation-ms", "800"])
      #expect(report.notes.isEmpty, "\(report.notes)")
      #expect(report.exit == 0, "q quits with status 0")
      #expect(report.frames > 20, "the edits reach the screen")
      #expect(report.bad.isEmpty, "\(report.summary)")
      #expect(status == 0)
    }
  }
}
