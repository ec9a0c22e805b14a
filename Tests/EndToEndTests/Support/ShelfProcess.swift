import Foundation
import TestSupport

/// The built `shelf` binary.
let shelfBinary = repositoryRoot.appendingPathComponent(".build/debug/shelf")

/// What a finished `shelf` run printed and returned.
struct ShelfResult {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs `shelf arguments` with no terminal and waits for it (at most `timeout`
/// seconds, then it is killed and the status is -1).
func runShelf(
  _ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
  timeout: Double = 30
) throws -> ShelfResult {
  let process = Process()
  process.executableURL = shelfBinary
  process.arguments = arguments
  process.currentDirectoryURL = repositoryRoot
  var merged = ProcessInfo.processInfo.environment
  merged.merge(environment) { $1 }
  process.environment = merged
  let output = Pipe()
  let error = Pipe()
  let stdin = Pipe()
  process.standardOutput = output
  process.standardError = error
  // No input: stdin from /dev/null, so shelf reads its sources, not stdin.
  process.standardInput = input == nil ? FileHandle.nullDevice : stdin
  try process.run()
  if let input { stdin.fileHandleForWriting.write(input) }
  try? stdin.fileHandleForWriting.close()
  guard
    let (outputData, errorData) = collect(process, output: output, error: error, timeout: timeout)
  else { return ShelfResult(status: -1, standardOutput: "", standardError: "timed out") }
  return ShelfResult(
    status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
    standardError: String(decoding: errorData, as: UTF8.self))
}

/// Runs `executable arguments` from `directory` with stdin from /dev/null
/// and waits for it (at most `timeout` seconds); its status, stdout and
/// stderr, or nil when it took longer (it was killed).
func runProcess(
  _ executable: String, _ arguments: [String], in directory: URL? = nil,
  environment: [String: String]? = nil, timeout: Double = 60
) throws -> (status: Int32, output: String, error: String)? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = directory
  if let environment { process.environment = environment }
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = FileHandle.nullDevice
  try process.run()
  guard let (printed, complaint) = collect(process, output: output, error: error, timeout: timeout)
  else { return nil }
  return (
    process.terminationStatus, String(decoding: printed, as: UTF8.self),
    String(decoding: complaint, as: UTF8.self)
  )
}

/// Reads a started `process`'s two pipes to their ends while it runs (so a full
/// pipe cannot block it) and waits for it to exit; after `timeout` seconds it
/// is killed and the answer is nil.
func collect(_ process: Process, output: Pipe, error: Pipe, timeout: Double) -> (Data, Data)? {
  let group = DispatchGroup()
  nonisolated(unsafe) var outputData = Data()
  nonisolated(unsafe) var errorData = Data()
  DispatchQueue.global().async(group: group) {
    outputData = output.fileHandleForReading.readDataToEndOfFile()
  }
  DispatchQueue.global().async(group: group) {
    errorData = error.fileHandleForReading.readDataToEndOfFile()
  }
  if group.wait(timeout: .now() + timeout) == .timedOut {
    process.terminate()
    process.waitUntilExit()
    return nil
  }
  process.waitUntilExit()
  return (outputData, errorData)
}

/// How an interactive `shelf` run in tmux ended.
struct InteractiveExit {
  /// The exit status the shell saw.
  var status: Int
  /// Whether `stty -g` after the run equals `stty -g` before it.
  var isTTYRestored: Bool
  /// The screen once the shell was back.
  var screen: String
}

extension TmuxSession {
  /// Starts `shelf arguments` from the shell, saving the tty settings around it.
  func startShelf(_ arguments: String, environment: String = "") throws {
    let before = scratch.appendingPathComponent("before").path
    let after = scratch.appendingPathComponent("after").path
    // `waitForExit` waits for this run's `after` file, so the report of an
    // earlier run still on screen (before `clear` runs) is never taken for it.
    try? FileManager.default.removeItem(atPath: after)
    // The markers are split in the typed line so only the output matches them.
    try run(
      "clear; stty -g > \(before); \(environment.isEmpty ? "" : "env \(environment) ")\(shelfBinary.path) \(arguments); echo \"EXIT\"=$?; "
        + "stty -g > \(after); cmp -s \(before) \(after) && echo \"TTY\"=same || echo \"TTY\"=changed"
    )
  }

  /// Waits for the shell to report how `shelf` ended; nil after `timeout` seconds.
  func waitForExit(timeout: Double = 10) -> InteractiveExit? {
    let after = scratch.appendingPathComponent("after").path
    guard
      let screen = waitForScreen(
        timeout: timeout,
        until: { screen in
          // The report comes before the prompt: wait for both, or the prompt races the capture.
          // The `after` file exists only once this run's `clear` has wiped earlier reports.
          FileManager.default.fileExists(atPath: after)
            && (screen.contains("TTY=same") || screen.contains("TTY=changed"))
            && screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt
        })
    else { return nil }
    let status = screen.firstMatch(of: /EXIT=(\d+)/).flatMap { Int($0.1) } ?? -1
    return InteractiveExit(
      status: status, isTTYRestored: screen.contains("TTY=same"), screen: screen)
  }
}
