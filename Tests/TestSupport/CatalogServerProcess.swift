import Dispatch
import Foundation

/// The test catalog server (Tes../ShelfSourcesTests/Fixtures/catalog_server.py)
/// on 127.0.0.1 and a free port, run by Debian's python3; it stops when its
/// stdin closes, or at `stop()`.
package final class CatalogServerProcess: @unchecked Sendable {
  // Unchecked: `process` and `input` are set once; Process and Pipe are
  // safe to use from one thread at a time, and only `stop()` touches them.
  package let port: Int
  private let process: Process
  private let input: Pipe

  /// Starts a server and waits, blocking, at most 10 s for the port it listens on.
  package init() throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../ShelfSourcesTests/Fixtures/catalog_server.py").standardized
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

  /// The address of `path` on the server.
  package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Ends the server at once (its stdin closed, then SIGTERM) and reaps it.
  package func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  deinit { if process.isRunning { stop() } }
}
