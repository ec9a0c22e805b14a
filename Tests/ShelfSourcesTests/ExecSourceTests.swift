import Foundation
import ShelfCatalog
import ShelfSources
import Synchronization
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
    let pid = try #require(
      Int32(
        String(contentsOfFile: folder.path + "/pid", encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    // The shell's child was killed with its group.
    #expect(await pollUntil { kill(pid, 0) != 0 })
  }

  @Test func whatASuccessfulRunStartsInTheBackgroundEndsWithTheRun() async throws {
    let folder = try ScratchFolder()
    // Detached from the run's output: only the process group ties it to the run.
    let source = ExecSource(
      command:
        "sleep 300 </dev/null >/dev/null 2>&1 & echo $! > '\(folder.path)/pid';"
        + " printf '{\"title\": \"ok\", \"rows\": []}'",
      interval: .seconds(60))
    let deliveries = SourceDeliveries()
    source.start(queue: .global(), handler: deliveries.handler)
    #expect(await deliveries.next() == "title ok")
    let pid = try #require(
      Int32(
        String(contentsOfFile: folder.path + "/pid", encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(await pollUntil { !isRunning(pid) })
    source.stop()
    source.waitUntilIdle()
  }

  /// `set -m` puts a background job in a process group of its own; the
  /// command's session still holds it, and the session ends with the run.
  @Test func aChildInAnotherProcessGroupEndsWithTheRun() async throws {
    let folder = try ScratchFolder()
    let source = ExecSource(
      command:
        "bash -c 'set -m; sleep 100 </dev/null >/dev/null 2>&1 & echo $! > \(folder.path)/pid';"
        + " printf '{\"title\": \"ok\", \"rows\": []}'",
      interval: .seconds(60))
    let deliveries = SourceDeliveries()
    source.start(queue: .global(), handler: deliveries.handler)
    #expect(await deliveries.next() == "title ok")
    let pid = try #require(
      Int32(
        String(contentsOfFile: folder.path + "/pid", encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(await pollUntil { !isRunning(pid) })
    source.stop()
    source.waitUntilIdle()
    if isRunning(pid) { kill(pid, SIGKILL) }
  }

  @Test func stoppingKillsAChildInAnotherProcessGroup() async throws {
    let folder = try ScratchFolder()
    let source = ExecSource(
      command:
        "bash -c 'set -m; sleep 100 </dev/null >/dev/null 2>&1 & echo $! > \(folder.path)/p;"
        + " mv \(folder.path)/p \(folder.path)/pid'; sleep 100",
      interval: .seconds(60))
    source.start(queue: .global()) { _ in }
    #expect(await pollUntil { FileManager.default.fileExists(atPath: folder.path + "/pid") })
    let pidText = try #require(try? String(contentsOfFile: folder.path + "/pid", encoding: .utf8))
    let pid = try #require(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(isRunning(pid))
    source.stop()
    source.waitUntilIdle()
    #expect(await pollUntil { !isRunning(pid) })
    if isRunning(pid) { kill(pid, SIGKILL) }
  }

  @Test func stoppingMidRunKillsTheCommandAndDeliversNothingMore() async throws {
    let folder = try ScratchFolder()
    let source = ExecSource(
      command:
        "sleep 30 & echo $! > '\(folder.path)/p'; mv '\(folder.path)/p' '\(folder.path)/pid'; wait",
      interval: .seconds(60))
    let delivered = Mutex(0)
    source.start(queue: .global()) { _ in delivered.withLock { $0 += 1 } }
    #expect(await pollUntil { FileManager.default.fileExists(atPath: folder.path + "/pid") })
    let pidText = try #require(try? String(contentsOfFile: folder.path + "/pid", encoding: .utf8))
    let started = ContinuousClock.now
    source.stop()
    source.waitUntilIdle()
    #expect(ContinuousClock.now - started < .seconds(5))
    let pid = try #require(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(await pollUntil { kill(pid, 0) != 0 })
    #expect(delivered.withLock { $0 } == 0)
  }
}

/// Whether `pid` is a process that has not ended (a zombie has).
private func isRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
  return state != "Z" && state != "X"
}
