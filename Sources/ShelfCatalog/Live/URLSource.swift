import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches a catalog over HTTP(S) for `shelf --url`, again every interval,
/// delivering each new catalog, or why a fetch failed, on a queue.
///
/// Fetches are conditional: after a response with an `ETag` or a
/// `Last-Modified`, the next request sends `If-None-Match` or
/// `If-Modified-Since`, and a `304 Not Modified` costs no parse and delivers
/// nothing. Redirects are followed. A timeout, a refused connection, a host
/// that does not resolve, an HTTP error status (the message gives it), a body
/// over the size limit or one that is not a catalog is delivered as a
/// failure; `latestCatalog`, the last good data, stays. Fetches never
/// overlap: the next starts one interval after the last one started, or at
/// once if that has passed. The same failure twice in a row is delivered once.
public final class URLSource: Sendable {
  private struct State: @unchecked Sendable {
    // URLSessionTask and DispatchWorkItem are thread-safe; they are set under the lock.
    var task: URLSessionDataTask?
    var nextFetch: DispatchWorkItem?
    var entityTag: String?
    var lastModified: String?
    var lastError: CatalogError?
    var latest: LoadedCatalog?
    var isStopped = false
    var counts = Counts()
  }

  /// How the fetches went, for tests and diagnostics.
  public struct Counts: Hashable, Sendable {
    /// Responses parsed as catalogs (or rejected as not being one).
    public var parsed = 0
    /// `304 Not Modified` responses: no parse, nothing delivered.
    public var notModified = 0
    /// Fetches that failed before a body could be parsed.
    public var failed = 0
  }

  /// The URL fetched.
  public let url: String
  /// How often the URL is fetched.
  public let interval: Duration
  private let limits: CatalogLimits
  private let session: URLSession
  private let work = DispatchQueue(label: "shelf.url")
  private let state = Mutex(State())

  /// A source that fetches `url` every `interval`, giving up on a request after
  /// `timeout`, with bodies limited to `limits.maximumFileSize` bytes.
  public init(
    url: String, interval: Duration = .seconds(30), timeout: Duration = .seconds(10),
    limits: CatalogLimits = .default
  ) {
    self.url = url
    self.interval = Periodic.clamped(interval)
    self.limits = limits
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.timeoutIntervalForRequest = Self.seconds(timeout)
    configuration.timeoutIntervalForResource = Self.seconds(timeout)
    session = URLSession(configuration: configuration)
  }

  deinit {
    // The last reference can go away inside the session's own callback (the
    // task's completion holds the source): invalidating there waits on the
    // queue it runs on and traps. Hand it to another queue.
    let session = session
    DispatchQueue.global(qos: .utility).async { session.invalidateAndCancel() }
  }

  /// The catalog of the last fetch that gave one, if any.
  public var latestCatalog: LoadedCatalog? { state.withLock { $0.latest } }

  /// How the fetches so far went.
  public var counts: Counts { state.withLock { $0.counts } }

  /// Starts fetching, now and then every interval; `handler` runs on `queue`
  /// for each new catalog or failure.
  public func start(
    queue: DispatchQueue,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    let deliver = Periodic.delivery(
      on: queue, isStopped: { [self] in state.withLock { $0.isStopped } }, to: handler)
    work.async { [self] in fetch(deliver: deliver) }
  }

  /// Stops: a fetch under way is cancelled, none starts, and no handler runs
  /// after this returns, except one already running.
  public func stop() {
    let (task, next) = state.withLock { state in
      state.isStopped = true
      defer {
        state.task = nil
        state.nextFetch = nil
      }
      return (state.task, state.nextFetch)
    }
    task?.cancel()
    next?.cancel()
  }

  /// Fetches `url` once, unconditionally, waiting for the answer (`shelf render --url`).
  public static func fetchOnce(
    url: String, timeout: Duration = .seconds(10), limits: CatalogLimits = .default
  ) throws(CatalogError) -> LoadedCatalog {
    let source = URLSource(
      url: url, interval: Periodic.longestInterval, timeout: timeout, limits: limits)
    let result = Mutex<Result<LoadedCatalog, CatalogError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    source.work.async {
      source.fetch(once: true) { outcome in
        result.withLock { $0 = outcome }
        done.signal()
      }
    }
    done.wait()
    source.stop()
    return try result.withLock { $0! }.get()
  }

  // MARK: - Fetching

  private func fetch(once: Bool = false, deliver: @escaping Periodic.Delivery) {
    guard let target = URL(string: url), target.scheme == "http" || target.scheme == "https"
    else {
      deliver(.failure(failure("not an http or https URL")))
      return
    }
    let started = ContinuousClock.now
    var request = URLRequest(url: target)
    let (entityTag, lastModified) = state.withLock { ($0.entityTag, $0.lastModified) }
    if !once {
      if let entityTag { request.setValue(entityTag, forHTTPHeaderField: "If-None-Match") }
      if let lastModified {
        request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
      }
    }
    let task = session.dataTask(with: request) { [self] data, response, error in
      work.async { [self] in
        if let outcome = outcome(data: data, response: response, error: error) {
          if once {
            deliver(outcome)
          } else {
            report(outcome, deliver: deliver)
          }
        }
        guard !once else { return }
        let next = DispatchWorkItem { [self] in fetch(deliver: deliver) }
        let isStopped = state.withLock { state -> Bool in
          state.task = nil
          state.nextFetch = next
          return state.isStopped
        }
        guard !isStopped else { return }
        work.asyncAfter(
          deadline: .now() + Periodic.delay(every: interval, since: started), execute: next)
      }
    }
    let isStopped = state.withLock { state -> Bool in
      state.task = task
      return state.isStopped
    }
    if !isStopped { task.resume() }
  }

  /// What a response comes to: a catalog, a failure, or nil (not modified, or cancelled).
  private func outcome(data: Data?, response: URLResponse?, error: (any Error)?)
    -> Result<LoadedCatalog, CatalogError>?
  {
    if let error {
      let code = (error as? URLError)?.code
      if code == .cancelled { return nil }
      state.withLock { $0.counts.failed += 1 }
      return .failure(failure(Self.describe(error, code: code)))
    }
    guard let http = response as? HTTPURLResponse else {
      state.withLock { $0.counts.failed += 1 }
      return .failure(failure("the answer is not an HTTP response"))
    }
    if http.statusCode == 304 {
      state.withLock { $0.counts.notModified += 1 }
      return nil
    }
    guard (200..<300).contains(http.statusCode) else {
      state.withLock { $0.counts.failed += 1 }
      let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
      return .failure(failure("HTTP \(http.statusCode) \(reason)"))
    }
    let body = data ?? Data()
    state.withLock { $0.counts.parsed += 1 }
    let result = Result { () throws(CatalogError) in
      try CatalogLoader.load(data: body, source: .url(url), limits: limits)
    }
    if case .success = result {
      let entityTag = http.value(forHTTPHeaderField: "ETag")
      let lastModified = http.value(forHTTPHeaderField: "Last-Modified")
      state.withLock { state in
        state.entityTag = entityTag
        state.lastModified = lastModified
      }
    }
    return result
  }

  private func report(
    _ result: Result<LoadedCatalog, CatalogError>,
    deliver: Periodic.Delivery
  ) {
    let isNew = state.withLock { state -> Bool in
      switch result {
      case .success(let loaded):
        state.latest = loaded
        state.lastError = nil
        return true
      case .failure(let error):
        defer { state.lastError = error }
        return state.lastError != error
      }
    }
    if isNew { deliver(result) }
  }

  private func failure(_ problem: String) -> CatalogError {
    CatalogError(.unavailable, source: .url(url), problem: problem)
  }

  private static func describe(_ error: any Error, code: URLError.Code?) -> String {
    switch code {
    case .timedOut?: "the request timed out"
    case .cannotConnectToHost?: "the connection was refused"
    case .cannotFindHost?, .dnsLookupFailed?: "the host name does not resolve"
    case .networkConnectionLost?: "the connection was lost"
    case .notConnectedToInternet?: "there is no network"
    case .badURL?, .unsupportedURL?: "not a URL that can be fetched"
    default: "the request failed: \(error.localizedDescription)"
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
