import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// One run of `--preview`'s command for a card: run as `--exec`'s are, in a
/// session of its own whose every process is killed when the run ends or
/// is stopped, its output kept up to a limit of bytes and lines.
package final class PreviewCommand: Sendable {
  /// How a run ended.
  package enum Ending: Equatable, Sendable {
    /// The command ended, or was stopped at the limits (`isCut`).
    /// `status` is its exit status (128 + the signal that ended it; 0 when
    /// cut), `lastErrorLine` the last line it wrote to standard error.
    case output(bytes: [UInt8], isCut: Bool, status: Int32, lastErrorLine: String)
    /// The command could not be run.
    case failed(String)
  }

  private let command: String
  /// A pipe whose write end, written, stops the run.
  private let wake: (read: Int32, write: Int32)
  /// Signalled when `run` returns.
  private let ended = DispatchSemaphore(value: 0)

  /// A run of `command`, a `/bin/sh -c` command line, not started yet.
  package init(command: String) {
    self.command = command
    var ends: [Int32] = [-1, -1]
    _ = CommandRun.makePipe(&ends, isNonBlocking: true)
    wake = (ends[0], ends[1])
  }

  deinit {
    close(wake.read)
    close(wake.write)
  }

  /// Runs the command until it ends, its output passes `byteLimit` bytes
  /// or `lineLimit` lines, or `stop()` is called (then nil). Blocks: call
  /// it off the main thread.
  /// `progress` is handed the output so far while it grows (every 100 ms
  /// at most), for a command that takes its time.
  package func run(
    byteLimit: Int, lineLimit: Int, progress: (([UInt8]) -> Void)? = nil
  ) -> Ending? {
    defer { ended.signal() }
    guard wake.read >= 0 else { return .failed("cannot make a pipe") }
    let run = CommandRun(command: command, limit: byteLimit)
    switch run.collect(
      timeout: .seconds(86_400), wake: wake.read, lineLimit: lineLimit, progress: progress)
    {
    case nil: return nil
    case .failure(let failure): return .failed(failure.problem)
    case .success(let output):
      return .output(
        bytes: output.bytes, isCut: output.isCut, status: output.status,
        lastErrorLine: output.lastErrorLine)
    }
  }

  /// Stops the run, from any thread: its whole session is killed and
  /// `run` returns nil (at once, if it has not started yet).
  package func stop() {
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  /// Stops the run and waits, at most `timeout`, for its session to be
  /// killed (before the app exits: nothing of it may outlive the app). The
  /// run must have been started, or be about to start.
  package func stopAndWait(timeout: DispatchTimeInterval = .seconds(2)) {
    stop()
    _ = ended.wait(timeout: .now() + timeout)
  }
}
