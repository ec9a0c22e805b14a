import Foundation
import TestSupport
import Testing

/// `--url` against a server that misbehaves on purpose, measured from outside
/// the `shelf` process (its exit, its stderr, its peak memory from `wait4`),
/// and the command line's checks of `--url`.
@Suite(.serialized) struct HostileSourceTests {
  /// The body limit, 256 MiB.
  private static let limit = 268_435_456

  /// `render --url` of a small, good catalog: its peak memory is where the
  /// others start, its duration what start-up and exit cost the machine now.
  private func baselineRun(_ server: LocalCatalogServer) async throws -> MeasuredRun {
    let run = try await offThePool {
      try runShelfMeasured(["render", "--url", server.url("/catalog")])
    }
    #expect(run.status == 0, "\(run.standardError)")
    return run
  }

  /// The peak memory of `render --url` on a small, good catalog: where the others start.
  private func baseline(_ server: LocalCatalogServer) async throws -> Int {
    try await baselineRun(server).peakMemory
  }

  /// Runs `shelf arguments` off the pool.
  private func shelf(_ arguments: [String]) async throws -> ShelfResult {
    try await offThePool { try runShelf(arguments) }
  }

  /// A fetch of `render` ends within its deadline (`--every`, at most 10 s).
  @Test(arguments: [
    (
      "/endless-chunked", 10,
      "the body is larger than the limit of \(limit) bytes; the fetch was stopped"
    ),
    (
      "/endless", 10,
      "the body is larger than the limit of \(limit) bytes; the fetch was stopped"
    ),
    ("/trickle", 2, "no complete answer within 2 s: the request timed out"),
  ])
  func endlessAndTrickledBodiesEndWithinTheDeadlineInBoundedMemory(
    path: String, deadline: Int, message: String
  ) async throws {
    let server = try await offThePool { try LocalCatalogServer() }
    defer { server.stop() }
    let baseline = try await baselineRun(server)
    let run = try await offThePool {
      try runShelfMeasured(["render", "--every", "\(deadline)s", "--url", server.url(path)])
    }
    #expect(run.status == 69)
    #expect(run.standardError == "shelf: \(server.url(path)): \(message)\n")
    // The deadline bounds the fetch, whatever the server does; the rest is
    // start-up and exit, as long as the small catalog's run took (and 5 s
    // more: a fixed 5 s alone was passed on a loaded machine).
    #expect(run.duration < .seconds(deadline) + baseline.duration + .seconds(5))
    let start = baseline.peakMemory
    // At most the limit is held, and nothing is copied as it grows.
    #expect(run.peakMemory - start < Self.limit + (48 << 20), "peak \(run.peakMemory >> 20) MiB")
  }

  @Test(arguments: [
    (
      "/huge",
      "the body is larger than the limit of \(limit) bytes (its Content-Length says so); not fetched"
    ),
    ("/bomb", "the compressed body inflates more than 200 times over; the fetch was stopped"),
  ])
  func oversizedAndInflatingBodiesAreRefusedInLittleMemory(path: String, message: String)
    async throws
  {
    let server = try await offThePool { try LocalCatalogServer() }
    defer { server.stop() }
    if path == "/bomb" {
      // Making 477 MiB of gzip takes the server seconds: not the fetch's.
      let size = try await offThePool { server.get("/prepare-bomb", timeout: 120) }
      #expect(size != nil)
    }
    let start = try await baseline(server)
    let run = try await offThePool { try runShelfMeasured(["render", "--url", server.url(path)]) }
    #expect(run.status == 69)
    #expect(run.standardError == "shelf: \(server.url(path)): \(message)\n")
    #expect(run.peakMemory - start < 100 << 20, "peak \(run.peakMemory >> 20) MiB")
  }

  /// A second `Content-Encoding: identity` after `gzip` once switched the
  /// inflation check off: the list of codings is refused before the body.
  @Test func aCodingHiddenBehindASecondHeaderIsRefusedInLittleMemory() async throws {
    let server = try await offThePool { try LocalCatalogServer() }
    defer { server.stop() }
    let size = try await offThePool { server.get("/prepare-bomb", timeout: 120) }
    #expect(size != nil)
    let start = try await baseline(server)
    let url = server.url("/bomb-identity")
    let run = try await offThePool { try runShelfMeasured(["render", "--url", url]) }
    #expect(run.status == 69)
    #expect(
      run.standardError
        == "shelf: \(url): Content-Encoding \"gzip, identity\" is not one coding Shelf decodes"
        + " (br, deflate, gzip, x-gzip, zstd or none); not fetched\n")
    #expect(run.peakMemory - start < 100 << 20, "peak \(run.peakMemory >> 20) MiB")
  }

  /// A body is held once, whether its length comes first or not: 128 MiB
  /// cost about 128 MiB, not twice that.
  @Test(arguments: ["/big?mib=128", "/big?mib=128&chunked=1"])
  func aLargeBodyIsHeldOnce(path: String) async throws {
    let server = try await offThePool { try LocalCatalogServer() }
    defer { server.stop() }
    let start = try await baseline(server)
    let run = try await offThePool { try runShelfMeasured(["render", "--url", server.url(path)]) }
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.peakMemory - start < (128 + 48) << 20, "peak \(run.peakMemory >> 20) MiB")
  }

  /// `--url-memory` bounds what the URL sources hold together: one past it fails.
  @Test func aBodyPastTheURLMemoryBudgetFails() async throws {
    let server = try await offThePool { try LocalCatalogServer() }
    defer { server.stop() }
    let url = server.url("/big?mib=100&chunked=1")
    let run = try await shelf(["render", "--url-memory", "64MiB", "--url", url])
    #expect(run.status == 69)
    #expect(
      run.standardError
        == "shelf: \(url): the URL sources' bodies together would pass the memory budget of"
        + " 64 MiB (--url-memory); the fetch was stopped\n")
    let refused = try await shelf(["render", "--url-memory", "lots", "--url", url])
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("expected a size such as 64MiB or 1GiB"))
  }

  /// A password in a `--url` is never printed.
  @Test func aPasswordInTheURLIsNotPrinted() async throws {
    let server = try await offThePool { try LocalCatalogServer() }
    defer { server.stop() }
    let run = try await shelf(
      ["render", "--url", "http://ann:s3cret@127.0.0.1:\(server.port)/missing"])
    #expect(run.status == 69)
    #expect(
      run.standardError
        == "shelf: http://ann:***@127.0.0.1:\(server.port)/missing: HTTP 404 Not Found\n")
  }

  @Test func a304WithNothingFetchedBeforeEndsRenderFramesAndRecord() async throws {
    let server = try await offThePool { try LocalCatalogServer() }
    defer { server.stop() }
    let url = server.url("/only304")
    let problem = "\(url): HTTP 304 Not Modified, but no copy was fetched before"
    let render = try await shelf(["render", "--url", url])
    #expect(render.status == 69)
    #expect(render.standardError == "shelf: \(problem)\n")
    let record = try await shelf(["record", "--seconds", "1", "--url", url])
    #expect(record.status == 69)
    #expect(record.standardError == "shelf: \(problem)\n")
    // For frames the URL is a source beside A and B: a warning, as any that fails.
    let frames = try await shelf(
      ["frames", "\(fixtures)/small.json", "\(fixtures)/small-next.json", "--url", url])
    #expect(frames.status == 0)
    #expect(frames.standardError == "shelf: warning: \(problem); shown without it\n")
  }

  @Test(arguments: [
    (["render", "--url", "notaurl"], "expected an http:// or https:// URL"),
    (
      ["render", "--url", "ftp://example.com/a.json"],
      "expected an http:// or https:// URL, not ftp:"
    ),
    (["--url", "http://"], "the URL names no host"),
    (
      ["record", "--seconds", "1", "--url", "file:///etc/passwd"],
      "expected an http:// or https:// URL, not file:"
    ),
  ])
  func aURLThatCannotBeFetchedIsAUsageErrorWhenTheCommandLineIsRead(
    arguments: [String], problem: String
  ) async throws {
    let result = try await shelf(arguments)
    #expect(result.status == 64)
    #expect(
      result.standardError.hasPrefix(
        "shelf: the value '\(arguments[arguments.count - 1])' is invalid for '--url <url>': \(problem)"
      ))
  }
}

extension InTmux {
  /// A URL that fails and recovers, and a command that leaves children behind, on the live screen.
  @Suite struct HostileSources {
    @Test func a304AfterAFailureClearsTheError() throws {
      let server = try LocalCatalogServer()
      defer { server.stop() }
      let session = try TmuxSession()
      defer { session.close() }
      let url = server.url("/catalog")
      try session.startShelf("--url \(url) --every 500ms")
      session.expectScreen(containing: "v1 · 1 row")
      server.get("/fail?on=1")
      session.expectScreen(containing: "⚠ \(url): HTTP 500 Internal Server Error")
      session.expectScreen(containing: "fetching \(url): failed ⚠")
      let before = server.count("/catalog")
      // The same ETag: the server answers 304, and the copy in hand is good again.
      server.get("/fail?on=0")
      session.expectScreen("the error cleared") {
        $0.contains("fetching \(url) ●") && !$0.contains("⚠") && $0.contains("v1 · 1 row")
      }
      #expect(server.count("/catalog") > before)
      try session.quitAndExpectRestored()
    }

    /// The app opens at once, while the first runs go on, and ends with
    /// the first source's reason once every one has failed.
    @Test func theAppExitsWhenItsOnlySourcesAreCommandsAndURLsAndAllFail() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.startShelf("--url http://127.0.0.1:1/catalog --exec 'sleep 1; exit 3'")
      let exit = session.waitForExit(timeout: 20)
      session.expectRestored(exit, status: 69)
      #expect(
        exit?.screen.contains("shelf: http://127.0.0.1:1/catalog: the connection was refused")
          == true)
    }

    @Test func whatACommandStartsInTheBackgroundEndsWithItsRun() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let pids = session.scratch.appendingPathComponent("pids")
      // A detached child that would outlive the run, then the catalog.
      try session.startShelf(
        "--exec 'sleep 300 </dev/null >/dev/null 2>&1 & echo $! >> \(pids.path);"
          + " cat \(fixtures)/small.json' --every 200ms")
      session.expectScreen(containing: "Small Shelf · 3 rows")
      func started() -> [Int32] {
        ((try? String(contentsOf: pids, encoding: .utf8)) ?? "").split(separator: "\n")
          .compactMap { Int32($0) }
      }
      #expect(blockingPollUntil { started().count >= 4 }, "four runs")
      // Each run's child ended with it, not with the app.
      let earlier = started().dropLast()
      #expect(
        blockingPollUntil { earlier.allSatisfy { !isProcessRunning($0) } },
        "children of finished runs")
      try session.quitAndExpectRestored()
      let all = started()
      #expect(
        blockingPollUntil { all.allSatisfy { !isProcessRunning($0) } },
        "no child left after quitting")
    }
  }
}
