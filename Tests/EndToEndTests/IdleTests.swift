import Foundation
import Testing

extension InTmux {
  /// Nothing moves, nothing runs.
  @Suite struct Idle {
    /// CPU ticks and context switches of each thread of `pid`, by thread id.
    private func activity(of pid: Int32) -> [String: [Int]] {
      let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
      var result: [String: [Int]] = [:]
      for task in tasks {
        let base = "/proc/\(pid)/task/\(task)"
        guard let stat = try? String(contentsOfFile: base + "/stat", encoding: .utf8),
          let status = try? String(contentsOfFile: base + "/status", encoding: .utf8)
        else { continue }
        // Fields after the command name (which ends with ')'): utime is the 12th, stime the 13th.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        let ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        let switches = status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
          .compactMap { $0.split(separator: "\t").last.flatMap { Int($0) } }
        result[task] = [ticks] + switches
      }
      return result
    }

    @Test(arguments: [
      ("--no-live --catalog \(fixtures)/small.json", false), ("--rate ludicrous", true),
    ])
    func anIdleScreenUsesNoCPUAndNeverWakesUp(options: String, pausesTheDemo: Bool) throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf(options)
      session.expectScreen(containing: "? help")
      if pausesTheDemo {
        try session.send("Space")
        session.expectScreen(containing: "paused")
      }
      let pid = try #require(session.foregroundProcess())
      // Let start-up work settle (the last frame, Dispatch's idle worker threads
      // retiring): wait for a second and a half without any activity.
      var before = activity(of: pid)
      var quietSince = Date()
      let settleDeadline = Date().addingTimeInterval(15)
      while Date().timeIntervalSince(quietSince) < 1.5 && Date() < settleDeadline {
        Thread.sleep(forTimeInterval: 0.25)
        let now = activity(of: pid)
        if now != before {
          before = now
          quietSince = Date()
        }
      }
      Thread.sleep(forTimeInterval: 2)
      let after = activity(of: pid)
      for (task, counts) in after {
        #expect(
          before[task] == counts,
          "thread \(task) ran while idle: \(before[task] ?? []) -> \(counts)")
      }
      try session.quitAndExpectRestored()
    }
  }
}
