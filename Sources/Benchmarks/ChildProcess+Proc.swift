import Foundation

// MARK: - Reading a child from /proc

extension ChildProcess {
  /// User plus system CPU time of every thread so far, in clock ticks
  /// (`/proc/<pid>/stat` fields 14 and 15).
  func cpuTicks() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // fields[0] is the state (field 3), so utime (14) and stime (15) are 11 and 12.
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  /// Voluntary context switches of each live thread, by thread id: how often
  /// each went to sleep and was woken up.
  func wakeUpsByThread() -> [Int: Int] {
    guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
    else {
      return [:]
    }
    var counts: [Int: Int] = [:]
    for task in tasks {
      guard let id = Int(task),
        let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
      else { continue }
      for line in text.split(separator: "\n") where line.hasPrefix("voluntary_ctxt_switches:") {
        counts[id] = Int(line.split(separator: "\t").last.map(String.init) ?? "") ?? 0
      }
    }
    return counts
  }

  /// Wake-ups between two `wakeUpsByThread()` readings: the growth of threads
  /// alive at both, plus all of those born in between; a thread that ended in
  /// between is not counted (its count is gone from /proc).
  static func wakeUps(from before: [Int: Int], to after: [Int: Int]) -> (count: Int, ended: Int) {
    var total = 0
    for (thread, count) in after { total += count - (before[thread] ?? 0) }
    return (total, before.keys.filter { after[$0] == nil }.count)
  }

  /// The resident memory now, in bytes (`VmRSS` in `/proc/<pid>/status`).
  func residentMemory() -> Int? { statusBytes("VmRSS") }

  /// The largest resident memory since the start or since the last
  /// `resetPeakMemory()`, in bytes (`VmHWM`).
  func peakMemory() -> Int? { statusBytes("VmHWM") }

  /// Starts the peak (`VmHWM`) again from the resident memory now; false
  /// where the kernel does not allow it (`/proc/<pid>/clear_refs`, "5").
  @discardableResult
  func resetPeakMemory() -> Bool {
    let descriptor = open("/proc/\(pid)/clear_refs", O_WRONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return write(descriptor, "5", 1) == 1
  }

  /// A field of `/proc/<pid>/status` given in kB, in bytes.
  private func statusBytes(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
      return kilobytes.map { $0 * 1024 }
    }
    return nil
  }
}
