import Foundation
import ShelfCatalog

/// Issue 13: `shelf --url` polling once a second an unchanged 10,000-card
/// catalog, served by Python's `http.server` on 127.0.0.1 (which answers
/// `If-Modified-Since` with 304), costs under 1% of a core: the release
/// `shelf` on a pseudo-terminal, its CPU time read from /proc over 10 s.
enum URLPollingBenchmarks {
  static let name = "url polling at 1 s, unchanged 10,000 cards: CPU over 10 s"

  @MainActor
  static func run(_ harness: inout Harness) {
    guard harness.includes(name) else { return }
    harness.heading("--url: conditional polling of an unchanged catalog", result: "notes")
    guard let shelf = ShelfBinary.path() else { return }
    let scratch = ScratchFolder("url")
    defer { scratch.remove() }
    let catalog = GeneratedCatalog.make(rows: 100, cardsPerRow: 100, seed: ScaleBenchmarks.seed)
    scratch.write(CatalogEncoder.bytes(catalog), to: "catalog.json")
    guard let server = Server(folder: scratch) else {
      print("  FAILED: python3 -m http.server did not start: \(scratch.file("server.txt"))")
      return
    }
    defer { server.stop() }

    let session = TerminalBenchmarks.Session(shelf: shelf, scratch: scratch)
    let url = "http://127.0.0.1:\(server.port)/catalog.json"
    guard
      let (child, _, seconds) = session.start(["--url", url, "--every", "1s"], until: "100 rows")
    else { return }
    defer { session.quit(child) }
    print("  first paint \(Harness.format(seconds: seconds)) after launch")
    // A few polls first: the first fetch's parse and diff are not polling.
    _ = child.drain(for: 3)
    let requestsBefore = server.requestCount()
    guard let ticks = child.cpuTicks() else {
      print("  /proc/\(child.pid) unreadable")
      return
    }
    let window = 10.0
    let output = child.drain(for: window).reduce(0) { $0 + $1.bytes.count }
    guard let ticksAfter = child.cpuTicks() else { return }
    let requests = server.requestCount()
    let cpu = Double(ticksAfter - ticks) / Monotonic.ticksPerSecond
    let share = cpu / window * 100
    harness.printValue(
      name,
      "\(Harness.format(seconds: cpu)) (\(ticksAfter - ticks) ticks) = \(Harness.fixed(share))% of a core; "
        + "\(requests.notModified - requestsBefore.notModified) x 304, "
        + "\(requests.full - requestsBefore.full) x 200, \(output) B written")
    harness.check("url polling at 1 s, unchanged 10,000 cards: CPU", share, below: 1) {
      Harness.fixed($0) + "%"
    }
  }

  /// `python3 -m http.server` serving the scratch folder on a free port; it
  /// logs each request on stderr, which `requestCount()` reads.
  private struct Server {
    let process: Process
    let port: Int
    let log: String

    init?(folder: ScratchFolder) {
      process = Process()
      log = folder.file("server.txt")
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = [
        "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path,
      ]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle(forWritingAtPath: log)
      process.standardInput = FileHandle.nullDevice
      do { try process.run() } catch { return nil }
      // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
      var line = Data()
      while true {
        let byte = output.fileHandleForReading.readData(ofLength: 1)
        if byte.isEmpty || byte == Data("\n".utf8) { break }
        line += byte
      }
      let text = String(decoding: line, as: UTF8.self)
      guard let match = text.firstMatch(of: /port (\d+)/), let port = Int(match.1) else {
        process.terminate()
        return nil
      }
      self.port = port
    }

    /// Requests answered so far: 304 Not Modified, and 200 with the catalog.
    func requestCount() -> (notModified: Int, full: Int) {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      let lines = text.split(separator: "\n")
      return (
        lines.filter { $0.contains("\" 304 ") }.count, lines.filter { $0.contains("\" 200 ") }.count
      )
    }

    func stop() {
      process.terminate()
      process.waitUntilExit()
    }
  }
}
