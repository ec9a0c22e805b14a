import Foundation
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The catalog server of the URLSource tests
/// (Tests/ShelfCatalogTests/Fixtures/catalog_server.py) on 127.0.0.1 and a
/// free port, run by Debian's python3; it stops when its stdin closes.
final class LocalCatalogServer {
  let port: Int
  private let process: Process
  private let input: Pipe

  /// Starts a server and waits (at most 10 s) for the port it listens on.
  init() throws {
    let script = repositoryRoot.appendingPathComponent(
      "Tests/ShelfCatalogTests/Fixtures/catalog_server.py")
    process = Process()
    input = Pipe()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // The first line is the port; it comes once the server listens.
    let group = DispatchGroup()
    nonisolated(unsafe) var line = Data()
    DispatchQueue.global().async(group: group) {
      while true {
        let byte = output.fileHandleForReading.readData(ofLength: 1)
        if byte.isEmpty || byte == Data("\n".utf8) { break }
        line += byte
      }
    }
    let waited = group.wait(timeout: .now() + 10)
    guard waited == .success, let port = Int(String(decoding: line, as: UTF8.self)) else {
      process.terminate()
      process.waitUntilExit()
      throw CocoaError(.fileReadCorruptFile)
    }
    self.port = port
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// A plain GET (changing the server's catalog, reading its counts), at most 10 s.
  @discardableResult
  func get(_ path: String) -> String? {
    nonisolated(unsafe) var answer: String?
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: URL(string: url(path))!) { data, _, _ in
      answer = data.map { String(decoding: $0, as: UTF8.self) }
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + 10) == .success else { return nil }
    return answer
  }

  /// How many requests `path` had.
  func count(_ path: String) -> Int { get("/count?path=\(path)").flatMap { Int($0) } ?? -1 }

  /// Ends the server and reaps it.
  func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  deinit { if process.isRunning { stop() } }
}
