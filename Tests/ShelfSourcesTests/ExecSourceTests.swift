import Foundation
import ShelfCatalog
import ShelfDiff
import ShelfSources
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A scratch folder for one test, removed at the end.
struct ScratchFolder: ~Copyable {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "shelf-exec-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A command that prints a catalog titled with a count it keeps in `folder`,
/// one more each run, logging `start N` and `end N` around a short pause.
private func countingCommand(in folder: String, pause: String = "0.05") -> String {
  """
  cd '\(folder)'; n=$(( $(cat count 2>/dev/null || echo 0) + 1 )); echo $n > count; \
  echo "start $n" >> log; sleep \(pause); echo "end $n" >> log; \
  printf '{"title": "run %s", "rows": []}' $n
  """
}

@Suite(.timeLimit(.minutes(3))) struct ExecSourceConcurrencyTests {
  @Test func aCommandsOutputIsDeliveredAndRunsAgainEveryIntervalWithoutOverlap() async throws {
    let folder = try ScratchFolder()
    // An interval no run comes near even on a busy machine: a run cut short
    // would leave a start without an end in the log.
    let source = ExecSource(command: countingCommand(in: folder.path), interval: .seconds(1))
    let deliveries = SourceDeliveries()
    source.start(queue: .global(), handler: deliveries.handler)
    #expect(await deliveries.next() == "title run 1")
    #expect(await deliveries.next() == "title run 2")
    #expect(await deliveries.next() == "title run 3")
    source.stop()
    source.waitUntilIdle()
    let log = try String(contentsOfFile: folder.path + "/log", encoding: .utf8)
      .split(separator: "\n")
    // Every run ended before the next started.
    for (index, line) in log.enumerated() {
      #expect(line == (index % 2 == 0 ? "start " : "end ") + "\(index / 2 + 1)")
    }
    #expect(log.count >= 6)
    #expect(source.latestCatalog?.catalog.title.hasPrefix("run ") == true)
  }

  @Test func aFailingRunIsReportedWithItsLastStderrLineAndTheLastGoodDataStays() async throws {
    let folder = try ScratchFolder()
    let command = """
      cd '\(folder.path)'; if [ -e ran ]; then echo first >&2; echo 'no more data' >&2; exit 3; fi; \
      touch ran; printf '{"title": "good", "rows": []}'
      """
    let source = ExecSource(command: command, interval: .milliseconds(500))
    let deliveries = SourceDeliveries()
    source.start(queue: .global(), handler: deliveries.handler)
    #expect(await deliveries.next() == "title good")
    let failure = await deliveries.next()
    #expect(failure.hasPrefix("error 69 command \""))
    #expect(failure.hasSuffix(": exited with status 3: no more data"))
    #expect(source.latestCatalog?.catalog.title == "good")
    source.stop()
  }

  @Test func badJSONAndOutputOverTheLimitAreReported() async throws {
    let bad = ExecSource(command: "printf '{\"rows\": [}'", interval: .seconds(60))
    let deliveries = SourceDeliveries()
    bad.start(queue: .global(), handler: deliveries.handler)
    let badJSON = await deliveries.next()
    #expect(badJSON.hasPrefix("error 65 command \"printf"))
    #expect(bad.latestCatalog == nil)
    bad.stop()

    var limits = CatalogLimits.default
    limits.maximumFileSize = 1_000
    let large = ExecSource(
      command: "yes | head -c 5000", interval: .seconds(60), limits: limits)
    let more = SourceDeliveries()
    large.start(queue: .global(), handler: more.handler)
    #expect(await more.next().hasSuffix("the output is larger than the limit of 1000 bytes"))
    large.stop()
  }

  @Test func aRunLongerThanTheIntervalIsStoppedAndReported() async throws {
    let folder = try ScratchFolder()
    let source = ExecSource(
      command:
        "sleep 30 & echo $! > '\(folder.path)/p'; mv '\(folder.path)/p' '\(folder.path)/pid'; wait",
      interval: .milliseconds(300))
    let deliveries = SourceDeliveries()
    source.start(queue: .global(), handler: deliveries.handler)
    #expect(await deliveries.next().hasSuffix("did not finish within the interval; it was stopped"))
    source.stop()
    source.waitUntilIdle()
    let pid = try await folder.writtenPID()
    // The shell's child was killed with its group.
    #expect(await pollUntil { kill(pid, 0) != 0 })
  }

  /// Runs the command `job(folder)` writes (it starts a process in the
  /// background and writes its pid to `pid` in `folder`), followed by
  /// printing a catalog: once the run has delivered, the process ends.
  private func expectBackgroundJobEndsWithTheRun(_ job: (_ folder: String) -> String) async throws {
    let folder = try ScratchFolder()
    let source = ExecSource(
      command: job(folder.path) + "; printf '{\"title\": \"ok\", \"rows\": []}'",
      interval: .seconds(60))
    let deliveries = SourceDeliveries()
    source.start(queue: .global(), handler: deliveries.handler)
    #expect(await deliveries.next() == "title ok")
    let pid = try await folder.writtenPID()
    #expect(await pollUntil { !isProcessRunning(pid) })
    source.stop()
    source.waitUntilIdle()
    if isProcessRunning(pid) { kill(pid, SIGKILL) }
  }

  @Test func whatASuccessfulRunStartsInTheBackgroundEndsWithTheRun() async throws {
    // Detached from the run's output: only the process group ties it to the run.
    try await expectBackgroundJobEndsWithTheRun { folder in
      "sleep 300 </dev/null >/dev/null 2>&1 & echo $! > '\(folder)/pid'"
    }
  }

  /// `set -m` puts a background job in a process group of its own; the
  /// command's session still holds it, and the session ends with the run.
  @Test func aChildInAnotherProcessGroupEndsWithTheRun() async throws {
    try await expectBackgroundJobEndsWithTheRun { folder in
      "bash -c 'set -m; sleep 100 </dev/null >/dev/null 2>&1 & echo $! > \(folder)/pid'"
    }
  }

  /// What `stoppedMidRun(_:)` saw.
  private struct StoppedRun {
    /// The pid the command wrote.
    var pid: Int32
    /// How long `stop()` and `waitUntilIdle()` took together.
    var stopping: Duration
    /// Every delivery, described, up to now.
    var delivered: Locked<[String]>
  }

  /// Starts the command `command(folder)` writes (it writes a pid to `pid`
  /// in `folder`, through `p`, and goes on running), and stops the source
  /// once the pid is there and running.
  ///
  /// A run that ends before `stop()` delivers how it ended, as it should: so
  /// neither the command nor the interval (a day) may end it first, however
  /// long a loaded machine keeps the test from running (its time limit is
  /// three minutes). With a minute's interval and a `sleep 30`, a test held
  /// up half a minute saw its run end and the failure delivered.
  private func stoppedMidRun(_ command: (_ folder: String) -> String) async throws -> StoppedRun {
    let folder = try ScratchFolder()
    let source = ExecSource(command: command(folder.path), interval: .seconds(86_400))
    let delivered = Locked<[String]>([])
    source.start(queue: .global()) { result in
      delivered.withLock { $0.append(SourceDeliveries.describe(result)) }
    }
    let pid = try await folder.writtenPID()
    #expect(isProcessRunning(pid))
    let started = ContinuousClock.now
    source.stop()
    source.waitUntilIdle()
    return StoppedRun(pid: pid, stopping: ContinuousClock.now - started, delivered: delivered)
  }

  @Test func stoppingKillsAChildInAnotherProcessGroup() async throws {
    let run = try await stoppedMidRun { folder in
      "bash -c 'set -m; sleep 600 </dev/null >/dev/null 2>&1 & echo $! > \(folder)/p;"
        + " mv \(folder)/p \(folder)/pid'; sleep 600"
    }
    #expect(await pollUntil { !isProcessRunning(run.pid) })
    if isProcessRunning(run.pid) { kill(run.pid, SIGKILL) }
  }

  @Test func stoppingMidRunKillsTheCommandAndDeliversNothingMore() async throws {
    let run = try await stoppedMidRun { folder in
      "sleep 600 & echo $! > '\(folder)/p'; mv '\(folder)/p' '\(folder)/pid'; wait"
    }
    #expect(run.stopping < .seconds(5))
    #expect(await pollUntil { kill(run.pid, 0) != 0 })
    #expect(run.delivered.withLock { $0 } == [])
  }
}

extension ScratchFolder {
  /// The pid a command writes to `pid` in the folder, once the file is there.
  func writtenPID() async throws -> Int32 {
    #expect(await pollUntil { FileManager.default.fileExists(atPath: path + "/pid") })
    let text = try String(contentsOfFile: path + "/pid", encoding: .utf8)
    return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  }
}
