import Foundation
import ShelfCatalog
import ShelfSources
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The test catalog server (`CatalogServerProcess`), started and asked
/// without blocking the test's threads.
final class CatalogServer: Sendable {
  private let server: CatalogServerProcess

  private init(_ server: CatalogServerProcess) {
    self.server = server
  }

  /// Starts a server; waiting for its port happens off the test's threads.
  static func start() async throws -> CatalogServer {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { CatalogServer(try CatalogServerProcess()) })
      }
    }
  }

  var port: Int { server.port }

  func url(_ path: String) -> String { server.url(path) }

  /// A plain GET, for changing the server's catalog and reading its counts.
  func get(_ path: String) async throws -> String {
    let (data, _) = try await URLSession.shared.data(from: URL(string: url(path))!)
    return String(decoding: data, as: UTF8.self)
  }

  /// Ends the server at once and reaps it.
  func stop() { server.stop() }
}

extension URLSource {
  /// Starts fetching, its deliveries awaited on a global queue.
  fileprivate func startedDeliveries() -> SourceDeliveries {
    let deliveries = SourceDeliveries()
    start(queue: .global(), handler: deliveries.handler)
    return deliveries
  }
}

/// `URLSource.fetchOnce(url:timeout:budget:)`, which blocks its thread as
/// `shelf render` may, run on a global queue: not on one of the test's threads.
private func fetchedOnce(
  _ url: String, timeout: Duration = .seconds(10), budget: MemoryBudget? = nil
) async -> Result<LoadedCatalog, CatalogError> {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      continuation.resume(
        returning: Result { () throws(CatalogError) in
          try URLSource.fetchOnce(url: url, timeout: timeout, budget: budget)
        })
    }
  }
}

@Suite(.serialized, .timeLimit(.minutes(3))) struct URLSourceConcurrencyTests {
  @Test func pollingIsConditionalAndA304CostsNoParse() async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    let source = URLSource(url: server.url("/catalog"), interval: .milliseconds(300))
    let deliveries = source.startedDeliveries()
    #expect(await deliveries.next() == "title v1")
    #expect(await pollUntil { source.counts.notModified >= 3 })
    #expect(source.counts.parsed == 1)
    _ = try await server.get("/set?title=v2")
    #expect(await deliveries.next() == "title v2")
    #expect(source.counts.parsed == 2 && source.counts.failed == 0)
    source.stop()
    let requests = try await Int(server.get("/count?path=/catalog")) ?? 0
    #expect(requests >= 5)
  }

  @Test func redirectsAreFollowed() async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    let source = URLSource(url: server.url("/moved"), interval: .seconds(60))
    let deliveries = source.startedDeliveries()
    #expect(await deliveries.next() == "title v1")
    source.stop()
  }

  @Test(arguments: [
    ("/missing", "error 69 http://127.0.0.1:PORT/missing: HTTP 404 "),
    ("/broken", "error 69 http://127.0.0.1:PORT/broken: HTTP 500 "),
    ("/bad", "error 65 http://127.0.0.1:PORT/bad, line 1, column 11: "),
  ])
  func httpErrorsAndBadJSONAreReported(path: String, expected: String) async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    let source = URLSource(url: server.url(path), interval: .seconds(60))
    let deliveries = source.startedDeliveries()
    let message = await deliveries.next()
    #expect(message.hasPrefix(expected.replacingOccurrences(of: "PORT", with: "\(server.port)")))
    source.stop()
  }

  @Test func aFailureAfterGoodDataLeavesTheGoodDataInPlace() async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    let source = URLSource(url: server.url("/catalog"), interval: .milliseconds(300))
    let deliveries = source.startedDeliveries()
    #expect(await deliveries.next() == "title v1")
    _ = try await server.get("/set?title=!bad")
    #expect(await deliveries.next().hasPrefix("error 65 "))
    #expect(source.latestCatalog?.catalog.title == "v1")
    source.stop()
  }

  @Test func aRefusedConnectionATimeoutAndAnUnknownHostAreReported() async throws {
    let closed = try await CatalogServer.start()
    let port = closed.port
    closed.stop()
    let refused = URLSource(url: "http://127.0.0.1:\(port)/catalog", interval: .seconds(60))
    let first = refused.startedDeliveries()
    #expect(await first.next().hasSuffix("the connection was refused"))
    refused.stop()

    let server = try await CatalogServer.start()
    defer { server.stop() }
    let slow = URLSource(
      url: server.url("/slow"), interval: .seconds(60), timeout: .milliseconds(300))
    let second = slow.startedDeliveries()
    #expect(await second.next().hasSuffix("the request timed out"))
    slow.stop()

    let unknown = URLSource(url: "http://no-such-host.invalid/catalog", interval: .seconds(60))
    let third = unknown.startedDeliveries()
    #expect(await third.next().hasSuffix("the host name does not resolve"))
    unknown.stop()
  }

  /// libcurl refuses a string option over 8 MB: the fetch says which option
  /// it refused and is not started, as for any option it refuses.
  @Test func anOptionLibcurlRefusesIsReportedAndNothingIsFetched() async {
    let url = "http://127.0.0.1/" + String(repeating: "a", count: 8_100_000)
    guard case .failure(let error) = await fetchedOnce(url) else { return #expect(Bool(false)) }
    #expect(error.problem.contains("libcurl refused the option CURLOPT_URL"), "\(error.problem)")
  }

  @Test func fetchingOnceGivesTheCatalogOrAnErrorWithItsExitCode() async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    #expect(try await fetchedOnce(server.url("/catalog")).get().catalog.title == "v1")
    guard case .failure(let error) = await fetchedOnce(server.url("/missing")) else {
      return #expect(Bool(false))
    }
    #expect(error.exitCode == 69 && error.problem.hasPrefix("HTTP 404"))
  }

  @Test(arguments: [
    ("/garbage", "the server sent something that is not HTTP"),
    ("/big-headers", "headers too large"),
    ("/to-file", "redirect to a non-HTTP URL refused"),
    ("/only304", "HTTP 304 Not Modified, but no copy was fetched before"),
  ])
  func whatAMisbehavingServerDidIsNamed(path: String, problem: String) async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    guard case .failure(let error) = await fetchedOnce(server.url(path)) else {
      return #expect(Bool(false))
    }
    #expect(error.exitCode == 69)
    #expect(error.problem == problem)
  }

  @Test(arguments: [
    ("/bad-chunk", "a chunk size in the chunked body is not a hexadecimal number"),
    ("/empty299", "HTTP 299 with an empty body"),
    (
      "/bomb-identity",
      #"Content-Encoding "gzip, identity" is not one coding Shelf decodes"#
        + " (br, deflate, gzip, x-gzip, zstd or none); not fetched"
    ),
  ])
  func malformedChunksEmptyBodiesAndHiddenCodingsAreNamed(path: String, problem: String)
    async throws
  {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    // The server makes the 477 MiB bomb before it answers: seconds of its CPU,
    // many more on a loaded machine, which the fetch's deadline must not count.
    let result = await fetchedOnce(server.url(path), timeout: .seconds(180))
    guard case .failure(let error) = result else { return #expect(Bool(false)) }
    #expect(error.exitCode == 69)
    #expect(error.problem == problem)
  }

  /// The budget is shared: bytes another source holds count, a body that
  /// would pass it fails, and a fetch gives back what its body took.
  @Test(arguments: ["/big?mib=2", "/big?mib=2&chunked=1"])
  func aBodyPastTheSharedBudgetFailsAndAFetchGivesItsShareBack(path: String) async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    let url = server.url(path)
    let budget = MemoryBudget(bytes: 4 << 20)
    // Another source's body, 3 MiB of the 4.
    #expect(budget.take(3 << 20))
    guard case .failure(let error) = await fetchedOnce(url, budget: budget) else {
      return #expect(Bool(false))
    }
    #expect(
      error.problem
        == "the URL sources' bodies together would pass the memory budget of 4 MiB"
        + " (--url-memory); the fetch was stopped")
    #expect(budget.bytesInUse == 3 << 20)
    budget.giveBack(3 << 20)
    #expect(try await fetchedOnce(url, budget: budget).get().catalog.title == "big")
    #expect(budget.bytesInUse == 0)
  }

  /// A password in a URL never shows: not in errors, not in the source's name.
  @Test func aPasswordInTheURLIsWrittenAsStars() async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    let url = "http://ann:s3cret@127.0.0.1:\(server.port)/missing"
    let source = URLSource(url: url, interval: .seconds(60))
    let deliveries = source.startedDeliveries()
    let message = await deliveries.next()
    source.stop()
    #expect(
      message == "error 69 http://ann:***@127.0.0.1:\(server.port)/missing: HTTP 404 Not Found")
    #expect(
      CatalogSource.withoutPassword("https://ann:p@ss:w@rd@example.com:8/a@b?c")
        == "https://ann:***@example.com:8/a@b?c")
    #expect(
      CatalogSource.withoutPassword("https://token@example.com/") == "https://token@example.com/")
    #expect(CatalogSource.withoutPassword("http://example.com/a:b@c") == "http://example.com/a:b@c")
  }

  @Test func a304AfterAFailureDeliversTheCopyInHandAgain() async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    let source = URLSource(url: server.url("/catalog"), interval: .milliseconds(300))
    let deliveries = source.startedDeliveries()
    #expect(await deliveries.next() == "title v1")
    _ = try await server.get("/fail?on=1")
    #expect(await deliveries.next().hasSuffix("/catalog: HTTP 500 Internal Server Error"))
    _ = try await server.get("/fail?on=0")
    #expect(await deliveries.next() == "title v1")
    // The copy in hand, not a new parse; then quiet again.
    #expect(source.counts.parsed == 1)
    #expect(source.counts.notModified >= 1)
    source.stop()
  }

  @Test func oneDeadlineCoversAWholeTrickledBodyAndTheIntervalShortensIt() async throws {
    let server = try await CatalogServer.start()
    defer { server.stop() }
    let timed = URLSource(
      url: server.url("/trickle"), interval: .seconds(60), timeout: .milliseconds(500))
    let first = timed.startedDeliveries()
    #expect(
      await first.next().hasSuffix(": no complete answer within 500 ms: the request timed out"))
    timed.stop()
    let polled = URLSource(url: server.url("/trickle"), interval: .milliseconds(700))
    #expect(polled.deadline == .milliseconds(700))
    let second = polled.startedDeliveries()
    #expect(
      await second.next().hasSuffix(": no complete answer within 700 ms: the request timed out"))
    polled.stop()
  }

  /// Each fetch makes and frees its own transfer: thousands in a row, each
  /// refused, all end and report it.
  @Test func thousandsOfFetchesInARowEachEndAndReport() async {
    let outcomes = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var refused = 0
        for _ in 0..<2_000 {
          let result = Result { () throws(CatalogError) in
            try URLSource.fetchOnce(url: "http://127.0.0.1:1/catalog")
          }
          if case .failure(let error) = result, error.exitCode == 69 { refused += 1 }
        }
        continuation.resume(returning: refused)
      }
    }
    #expect(outcomes == 2_000)
  }
}
