import Dispatch
import ShelfCatalog
import ShelfDiff

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a shell command for `shelf --exec`, reads one catalog from its
/// standard output, and runs it again every interval, delivering each new
/// catalog, or why a run failed, on a queue.
///
/// The command runs through `/bin/sh -c` in a session of its own (`setsid`),
/// with standard input from `/dev/null`. A run fails when the command exits with a
/// non-zero status or dies of a signal (the message ends with the last line
/// it wrote to standard error), writes more than the size limit, writes
/// something that is not a catalog, or is still running when the interval is
/// up. When a run ends, however it ends, every process of its session is
/// killed: nothing the command started in the background outlives the run,
/// even in a process group of its own (`set -m`); a process that starts a
/// session of its own, with `setsid`, is its own. Runs never overlap: the next starts
/// one interval after the last one started, or at once if that has passed. A
/// failure leaves `latestCatalog`, the last good data, as it was; the same
/// output or the same failure twice in a row is delivered once, and output
/// identical to the last delivered catalog is not parsed again.
public final class ExecSource: LiveSource {
  private struct State: Sendable {
    var lastDelivered: Delivered?
    var latest: LoadedCatalog?
  }

  private enum Delivered: Equatable {
    case bytes(count: Int, hash: Int)
    case error(CatalogError)
  }

  /// The command, as given to `/bin/sh -c`.
  public let command: String
  /// How often the command runs, and how long one run may take.
  public var interval: Duration { schedule.interval }
  private let limits: CatalogLimits
  private let reading: CatalogReading
  private let schedule: PeriodicSchedule
  private let state = Locked(State())
  private let keeper = SourceStatusKeeper()
  /// A pipe whose read end wakes a run waiting on the command: `stop()` writes to it.
  private let wakeRead: Int32
  private let wakeWrite: Int32

  /// A source that runs `command` every `interval` (at most 24 hours), with
  /// output limited to `limits.maximumFileSize` bytes.
  public init(
    command: String, interval: Duration = .seconds(5), limits: CatalogLimits = .default,
    reading: CatalogReading = .automatic
  ) {
    self.reading = reading
    self.command = command
    schedule = PeriodicSchedule(label: "shelf.exec", interval: Periodic.clamped(interval))
    self.limits = limits
    var ends: [Int32] = [-1, -1]
    _ = CommandRun.makePipe(&ends, isNonBlocking: true)
    wakeRead = ends[0]
    wakeWrite = ends[1]
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// The command, as messages name it.
  public var name: String { command }

  /// How the last run delivered went.
  public var status: LiveSourceStatus { keeper.status }

  /// The catalog of the last run that succeeded, if any.
  public var latestCatalog: LoadedCatalog? { state.withLock { $0.latest } }

  /// Starts running the command, now and then every interval; `handler` runs on
  /// `queue` for each new catalog or failure.
  public func start(
    queue: DispatchQueue,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    schedule.start(delivering: queue, to: keeper.noting(handler)) { [self] deliver in
      run(deliver: deliver)
    }
  }

  /// Stops: a running command's session is killed and reaped on the
  /// source's queue, no run starts, and no handler runs after this returns,
  /// except one already running.
  public func stop() {
    schedule.stop()
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Returns once the run under way, if any, has ended: after `stop()`, its
  /// command has been killed and reaped (for a clean exit, and for tests).
  public func waitUntilIdle() {
    schedule.waitUntilIdle()
  }

  // MARK: - Running

  /// One run of the cycle: the command, its outcome delivered if new.
  private func run(deliver: @escaping Periodic.Delivery) {
    guard
      let outcome = CommandRun(command: command, limit: limits.maximumFileSize).run(
        timeout: interval, wake: wakeRead)
    else { return }  // stopped
    let result: Result<LoadedCatalog, CatalogError>
    let delivered: Delivered
    switch outcome {
    case .success(let bytes):
      var hasher = Hasher()
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
      let signature = Delivered.bytes(count: bytes.count, hash: hasher.finalize())
      // The same bytes parse to the same catalog: it was delivered already.
      guard state.withLock({ $0.lastDelivered != signature }) else { return }
      result = Result { () throws(CatalogError) in
        try CatalogLoader.load(
          bytes: bytes, source: .command(command), limits: limits, reading: reading)
      }
      switch result {
      case .success: delivered = signature
      case .failure(let error): delivered = .error(error)
      }
    case .failure(let message):
      let error = CatalogError(message.kind, source: .command(command), problem: message.problem)
      result = .failure(error)
      delivered = .error(error)
    }
    let isNew = state.withLock { state -> Bool in
      guard state.lastDelivered != delivered else { return false }
      state.lastDelivered = delivered
      if case .success(let loaded) = result { state.latest = loaded }
      return true
    }
    if isNew { deliver(result) }
  }
}
