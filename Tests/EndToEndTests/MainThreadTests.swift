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
      let stat = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/stat", encoding: .utf8)
      // Fields after the command name: the nice value is the 17th.
      let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
      #expect(fields[16] == "0", "the main thread's nice value: \(fields[16])")
      try session.quitAndExpectRestored()
    }
  }
}
