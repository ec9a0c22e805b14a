import Foundation
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The catalog server of the URLSource tests (`CatalogServerProcess`), with
/// the plain GETs the end-to-end tests change it and read its counts with.
final class LocalCatalogServer: Sendable {
  private let server: CatalogServerProcess

  /// Starts a server and waits (at most 10 s) for the port it listens on.
  init() throws {
    server = try CatalogServerProcess()
  }

  var port: Int { server.port }

  func url(_ path: String) -> String { server.url(path) }

  /// A plain GET (changing the server's catalog, reading its counts), at most
  /// `timeout` seconds.
  @discardableResult
  func get(_ path: String, timeout: Double = 10) -> String? {
    nonisolated(unsafe) var answer: String?
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: URL(string: url(path))!) { data, _, _ in
      answer = data.map { String(decoding: $0, as: UTF8.self) }
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return answer
  }

  /// How many requests `path` had.
  func count(_ path: String) -> Int { get("/count?path=\(path)").flatMap { Int($0) } ?? -1 }

  /// Ends the server and reaps it.
  func stop() { server.stop() }
}
