import Foundation

/// Whether `pid` is a process that has not ended (a zombie has), as
/// `/proc/<pid>/stat` says.
package func isProcessRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
  return state != "Z" && state != "X"
}
