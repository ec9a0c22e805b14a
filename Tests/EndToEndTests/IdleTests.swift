import Foundation
import TestSupport
import Testing

extension InTmux {
  /// Nothing moves, nothing runs.
  @Suite struct Idle {
    /// Each case: the options, then a key pressed once the screen is up
    /// and the text it brings (nil: nothing to see).
    @Test(
      arguments: [
        ("--no-live --catalog \(fixtures)/small.json", nil, nil),
        ("--rate ludicrous", "Space", "paused"),
        // The preview command has run and ended: nothing of it wakes the app.
        ("--no-live --catalog \(fixtures)/small.json --preview 'echo {title}'", nil, "│Emma"),
        // So has a silent bound command (it leaves a mark: MARK, a new file).
        ("--no-live --catalog \(fixtures)/small.json --bind 'x:silent:touch MARK'", "x", nil),
      ] as [(String, String?, String?)])
    func anIdleScreenUsesNoCPUAndNeverWakesUp(options: String, key: String?, shows: String?)
      throws
    {
      let session = try TmuxSession()
      defer { session.close() }
      let mark = FileManager.default.temporaryDirectory
        .appendingPathComponent("shelf-idle-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: mark) }
      try session.startShelf(options.replacingOccurrences(of: "MARK", with: mark))
      session.expectScreen(containing: "? help")
      if let key { try session.send(key) }
      if let shows { session.expectScreen(containing: shows) }
      // A key that shows nothing has still been read once its command has run:
      // the settling below must not end before the key arrives.
      if options.contains("MARK") {
        #expect(
          waitFor(timeout: 10) { FileManager.default.fileExists(atPath: mark) },
          "the bound command ran")
      }
      let pid = try #require(session.foregroundProcess())
      // And every command the key or the screen started (the preview's echo
      // too) has ended and been reaped: on a loaded machine that can take
      // longer than the quiet time below, and the end then wakes the app in
      // the measured window (the thread waiting for the child, then the main
      // thread it tells).
      #expect(blockingPollUntil { childProcesses(of: pid).isEmpty }, "the commands ended")
      // Let start-up work settle (the last frame, Dispatch's idle worker threads
      // retiring): wait for a second and a half without any activity.
      var before = threadActivity(of: pid)
      var quietSince = Date()
      let settleDeadline = Date().addingTimeInterval(15)
      while Date().timeIntervalSince(quietSince) < 1.5 && Date() < settleDeadline {
        Thread.sleep(forTimeInterval: 0.25)
        let now = threadActivity(of: pid)
        if now != before {
          before = now
          quietSince = Date()
        }
      }
      Thread.sleep(forTimeInterval: 2)
      let after = threadActivity(of: pid)
      for (task, counts) in after {
        #expect(
          before[task] == counts,
          "thread \(task) ran while idle: \(before[task] ?? []) -> \(counts)")
      }
      try session.quitAndExpectRestored()
    }
  }
}
