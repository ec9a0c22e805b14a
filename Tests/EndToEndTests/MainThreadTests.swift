import Foundation
import Testing

extension InTmux {
  /// The main queue runs on the process's main thread, which stays at nice 0
  /// after a large catalog's workers lowered themselves
  /// (`WorkerPriority`): on Dispatch's pool, a key would wait at their nice.
  @Suite struct MainThread {
    @Test func aKeyAfterALargeLoadRunsOnTheMainThreadAtFullPriority() throws {
      let session = try TmuxSession()
      defer { session.close() }
      // 50,000 cards, 2.6 MB of JSON: loaded and converted by the parallel paths.
      let catalog = try Filter.largeCatalog(rows: 100, cardsPerRow: 500, in: session.scratch)
      try session.startShelf("--no-live --catalog \(catalog.path)")
      session.expectScreen(containing: "Large · 100 rows", timeout: 60)
      let pid = try #require(session.foregroundProcess())
      let still = try #require(session.expectStillScreen("after the load"))
      let before = threadActivity(of: pid)["\(pid)"]
      try session.send("Down")
      #expect(session.waitForScreen { $0 != still } != nil, "Down moved the focus")
      session.expectStillScreen("after Down")
      // The thread whose id is the process's is the main thread.
      let after = threadActivity(of: pid)["\(pid)"]
      #expect(after != nil && after != before, "the main thread ran for the key: \(before ?? [])")
      // The app starts at its shell's nice value, which it inherits from the
      // test thread that started tmux: a thread of Dispatch's pool that an
      // earlier test's large load may have lowered for good. The app must
      // not lower its main thread below where it started.
      let shell = try #require(Int32(session.paneValue("pane_pid")))
      let started = try #require(niceness(ofThread: shell, in: shell))
      #expect(niceness(ofThread: pid, in: pid) == started, "the main thread's nice value")
      try session.quitAndExpectRestored()
    }

    /// The nice value of thread `thread` of process `process`, from its
    /// `stat`: after the command name, the nice value is the 17th field.
    private func niceness(ofThread thread: Int32, in process: Int32) -> Int? {
      guard
        let stat = try? String(
          contentsOfFile: "/proc/\(process)/task/\(thread)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 16 ? Int(fields[16]) : nil
    }
  }
}
