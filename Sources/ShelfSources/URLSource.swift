import Dispatch
import Foundation
import ShelfCatalog
import ShelfDiff

/// Fetches a catalog over HTTP(S) for `shelf --url`, again every interval,
/// delivering each new catalog, or why a fetch failed, on a queue.
///
/// Fetches are conditional: after a response with an `ETag` or a
/// `Last-Modified`, the next request sends `If-None-Match` or
/// `If-Modified-Since`, and a `304 Not Modified` costs no parse and delivers
/// nothing, unless the fetch before it failed: then the copy in hand is good
/// again and is delivered anew, which clears the failure. A `304` with
/// nothing in hand is a failure. Redirects to http and https URLs are
/// followed (at most 10).
///
/// One deadline, the timeout or the interval if shorter, covers connecting,
/// the headers and the whole body. The body is counted as it arrives (after
/// decoding) and the fetch stops as soon as it passes the size limit; a
/// `Content-Length` over the limit is refused before the body is read, and a
/// compressed body that inflates more than 200 times over is refused as it
/// inflates. A timeout, a refused connection, a host that does not resolve,
/// an HTTP error status (the message gives it), an answer that is not HTTP,
/// headers over 64 KiB, a redirect elsewhere than http(s), a body over the
/// limit, an empty body, a `Content-Encoding` that is not one coding libcurl
/// decodes (or none), a body that would pass the memory budget the URL
/// sources share, or one that is not a catalog is delivered as a failure;
/// `latestCatalog`, the last good data, stays. Fetches never overlap: the
/// next starts one interval after the last one started, or at once if that
/// has passed. The same failure twice in a row is delivered once.
public final class URLSource: LiveSource {
  private struct State: Sendable {
    var entityTag: String?
    var lastModified: String?
    var lastError: CatalogError?
    var latest: LoadedCatalog?
    var counts = Counts()
  }

  /// How the fetches went, for tests and diagnostics.
  public struct Counts: Hashable, Sendable {
    /// Responses parsed as catalogs (or rejected as not being one).
    public var parsed = 0
    /// `304 Not Modified` responses to a conditional request: no parse.
    public var notModified = 0
    /// Fetches that failed before a body could be parsed.
    public var failed = 0
  }

  /// What one fetch came to.
  private enum Fetched {
    case catalog(LoadedCatalog)
    case notModified
    case failure(CatalogError)
  }

  /// The URL fetched.
  public let url: String
  /// How often the URL is fetched.
  public var interval: Duration { schedule.interval }
  /// How long one fetch may take, all of it: the timeout, or the interval if shorter.
  public let deadline: Duration
  private let limits: CatalogLimits
  private let reading: CatalogReading
  private let budget: MemoryBudget
  private let schedule: PeriodicSchedule
  private let state = Locked(State())
  private let keeper = SourceStatusKeeper()

  /// The URL as messages name it, its password written `***`.
  public var name: String { CatalogSource.withoutPassword(url) }

  /// How the last fetch delivered went.
  public var status: LiveSourceStatus { keeper.status }

  /// A source that fetches `url` every `interval`, giving up on a fetch after
  /// `timeout` (or `interval`, if shorter), with bodies limited to
  /// `limits.maximumFileSize` bytes, held in `budget` (shared with the
  /// other URL sources of a run; by default a budget of its own, 512 MiB).
  public init(
    url: String, interval: Duration = .seconds(30), timeout: Duration = .seconds(10),
    limits: CatalogLimits = .default, budget: MemoryBudget? = nil,
    reading: CatalogReading = .automatic
  ) {
    self.reading = reading
    self.url = url
    self.budget = budget ?? MemoryBudget(bytes: MemoryBudget.defaultBytes)
    schedule = PeriodicSchedule(label: "shelf.url", interval: Periodic.clamped(interval))
    self.deadline = min(timeout, schedule.interval)
    self.limits = limits
  }

  /// The catalog of the last fetch that gave one, if any.
  public var latestCatalog: LoadedCatalog? { state.withLock { $0.latest } }

  /// How the fetches so far went.
  public var counts: Counts { state.withLock { $0.counts } }

  /// Why `text` cannot be fetched, or nil when it is an http or https URL with a host.
  public static func problem(with text: String) -> String? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
      return "expected an http:// or https:// URL"
    }
    guard scheme == "http" || scheme == "https" else {
      return "expected an http:// or https:// URL, not \(scheme):"
    }
    guard let host = url.host, !host.isEmpty else { return "the URL names no host" }
    return nil
  }

  /// Starts fetching, now and then every interval; `handler` runs on `queue`
  /// for each new catalog or failure.
  public func start(
    queue: DispatchQueue,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    schedule.start(delivering: queue, to: keeper.noting(handler)) { [self] deliver in
      cycle(deliver: deliver)
    }
  }

  /// Stops: a fetch under way is abandoned (within a second), none starts,
  /// and no handler runs after this returns, except one already running.
  public func stop() {
    schedule.stop()
  }

  /// Fetches `url` once, unconditionally, waiting for the answer (`shelf
  /// render --url`); `timeout` bounds all of it.
  public static func fetchOnce(
    url: String, timeout: Duration = .seconds(10), limits: CatalogLimits = .default,
    budget: MemoryBudget? = nil, reading: CatalogReading = .automatic
  ) throws(CatalogError) -> LoadedCatalog {
    let source = URLSource(
      url: url, interval: Periodic.longestInterval, timeout: timeout, limits: limits,
      budget: budget, reading: reading)
    switch source.fetch() {
    case .catalog(let loaded)?: return loaded
    case .failure(let error)?: throw error
    case .notModified?, nil: throw source.failure("the fetch was stopped")
    }
  }

  // MARK: - Fetching

  /// One fetch of the polling cycle, its outcome reported.
  private func cycle(deliver: @escaping Periodic.Delivery) {
    guard let fetched = fetch(isConditional: true) else { return }  // stopped
    if let result = report(fetched) { deliver(result) }
  }

  /// One GET, bounded by the deadline and the size limit; nil when stopped.
  private func fetch(isConditional: Bool = false) -> Fetched? {
    if let problem = Self.problem(with: url) { return .failure(failure(problem)) }
    let (entityTag, lastModified) =
      isConditional ? state.withLock { ($0.entityTag, $0.lastModified) } : (nil, nil)
    var headers: [String] = []
    if let entityTag { headers.append("If-None-Match: " + entityTag) }
    if let lastModified { headers.append("If-Modified-Since: " + lastModified) }
    let request = HTTPFetch(
      url: url, headers: headers, limit: limits.maximumFileSize, timeout: deadline,
      budget: budget)
    guard let outcome = request.run(isCancelled: { [schedule] in schedule.isStopped })
    else { return nil }
    let answer: HTTPFetch.Answer
    switch outcome {
    case .failure(let problem):
      state.withLock { $0.counts.failed += 1 }
      return .failure(failure(problem.problem))
    case .success(let got): answer = got
    }
    if answer.status == 304 {
      guard headers.isEmpty else {
        state.withLock { $0.counts.notModified += 1 }
        return .notModified
      }
      state.withLock { $0.counts.failed += 1 }
      return .failure(failure("HTTP 304 Not Modified, but no copy was fetched before"))
    }
    guard (200..<300).contains(answer.status) else {
      state.withLock { $0.counts.failed += 1 }
      let reason = answer.reason.isEmpty ? "" : " " + answer.reason
      return .failure(failure("HTTP \(answer.status)\(reason)"))
    }
    guard !answer.body.isEmpty else {
      state.withLock { $0.counts.failed += 1 }
      let reason = answer.reason.isEmpty ? "" : " " + answer.reason
      return .failure(failure("HTTP \(answer.status)\(reason) with an empty body"))
    }
    state.withLock { $0.counts.parsed += 1 }
    do {
      let loaded = try CatalogLoader.load(
        bytes: answer.body, source: .url(url), limits: limits, reading: reading)
      state.withLock { state in
        state.entityTag = answer.entityTag
        state.lastModified = answer.lastModified
      }
      return .catalog(loaded)
    } catch {
      return .failure(error)
    }
  }

  /// What the cycle delivers for `fetched`: a new catalog, the copy in hand
  /// again after a failure (a 304 then), a new failure, or nothing.
  private func report(_ fetched: Fetched) -> Result<LoadedCatalog, CatalogError>? {
    state.withLock { state in
      switch fetched {
      case .catalog(let loaded):
        state.latest = loaded
        state.lastError = nil
        return .success(loaded)
      case .notModified:
        guard state.lastError != nil, let latest = state.latest else { return nil }
        state.lastError = nil
        return .success(latest)
      case .failure(let error):
        defer { state.lastError = error }
        return state.lastError != error ? .failure(error) : nil
      }
    }
  }

  private func failure(_ problem: String) -> CatalogError {
    CatalogError(.unavailable, source: .url(url), problem: problem)
  }
}
