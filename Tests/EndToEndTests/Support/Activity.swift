import Foundation
import Testing

/// CPU ticks and context switches of each thread of `pid`, by thread id,
/// from /proc: equal in two readings when no thread of the program ran in
/// between (the run loop sleeps in the kernel; the frame timer runs only
/// while something moves).
func threadActivity(of pid: Int32) -> [String: [Int]] {
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

/// The child processes of `pid` (any of its threads' children, zombies not
/// yet reaped included), from /proc.
func childProcesses(of pid: Int32) -> [Int32] {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
  return tasks.flatMap { task in
    let children =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
    return children.split(separator: " ").compactMap { Int32($0) }
  }
}

extension TmuxSession {
  /// Waits until the screen is still: for `polls` polls in a row (50 ms
  /// apart) the screen is the one captured before and no thread of the
  /// program in the foreground ran in between, so no frame was drawn and
  /// none is due (an animation draws a frame at least every 50 ms, and a
  /// frame waiting on a timer wakes a thread when it fires). The still
  /// screen; nil if it never held still within `timeout` seconds.
  func waitForStillScreen(polls: Int = 3, timeout: Double = 15) -> String? {
    guard let pid = foregroundProcess() else { return nil }
    var last = (screen: screen(), activity: threadActivity(of: pid))
    var stillPolls = 0
    return waitForScreen(timeout: timeout) { screen in
      let now = (screen: screen, activity: threadActivity(of: pid))
      stillPolls = now.screen == last.screen && now.activity == last.activity ? stillPolls + 1 : 0
      last = now
      return stillPolls >= polls
    }
  }

  /// `waitForStillScreen()`, recording an issue naming `what` (and showing
  /// the screen) if the screen never holds still.
  @discardableResult
  func expectStillScreen(
    _ what: String, polls: Int = 3, timeout: Double = 15,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String? {
    let still = waitForStillScreen(polls: polls, timeout: timeout)
    if still == nil {
      Issue.record("screen never held still, \(what):\n\(screen())", sourceLocation: sourceLocation)
    }
    return still
  }

  /// Waits for the screen to show `text`, then for it to hold still, and
  /// gives that still screen (nil, with an issue recorded, if either never
  /// happens or `text` is gone by then). For a test that asserts on more of
  /// the screen than the text it waited for: a frame can reach tmux in more
  /// than one read, so `text` (the status line, say) can show before the
  /// rest of its frame has arrived.
  @discardableResult
  func expectStillScreen(
    containing text: String, timeout: Double = 15,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String? {
    guard expectScreen(containing: text, timeout: timeout, sourceLocation: sourceLocation) != nil,
      let still = expectStillScreen(
        "after '\(text)' showed", timeout: timeout, sourceLocation: sourceLocation)
    else { return nil }
    if !still.contains(text) {
      Issue.record(
        "'\(text)' gone from the still screen:\n\(still)", sourceLocation: sourceLocation)
      return nil
    }
    return still
  }
}
