import Foundation
import TestSupport
import Testing

/// The built `Benchmarks` binary (debug: only its listing is run here).
private let benchmarksBinary = repositoryRoot.appendingPathComponent(".build/debug/Benchmarks")

/// Runs `Benchmarks arguments` and returns its status and output.
private func runBenchmarks(_ arguments: [String]) throws -> (Int32, String, String) {
  let process = Process()
  process.executableURL = benchmarksBinary
  process.arguments = arguments
  process.currentDirectoryURL = repositoryRoot
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  try process.run()
  let (outputData, errorData) = try #require(
    collect(process, output: output, error: error, timeout: 120))
  return (
    process.terminationStatus, String(decoding: outputData, as: UTF8.self),
    String(decoding: errorData, as: UTF8.self)
  )
}

/// `Benchmarks --help` explains itself and names the cases instead of running them.
@Suite struct BenchmarksHelp {
  @Test func helpPrintsUsageAndTheNamesAndRunsNothing() throws {
    let (status, output, error) = try runBenchmarks(["--help"])
    #expect(status == 0)
    #expect(error.isEmpty)
    #expect(output.hasPrefix("usage: swift run -c release Benchmarks [filter] [--quick]\n"))
    for name in [
      "  IndexDelta [Int] 10k, shuffled", "  load 100 rows x 100 cards", "  shelf render 1M cards",
      "  terminal",
    ] {
      #expect(output.contains(name + "\n"), "no \(name)")
    }
    // A case that ran would print its table's column titles.
    #expect(!output.contains("cpu median"))
  }

  @Test func listPrintsOnlyTheNames() throws {
    let (status, output, _) = try runBenchmarks(["--list"])
    #expect(status == 0)
    let names = output.split(separator: "\n")
    #expect(names.count > 20)
    #expect(names.contains("IndexDelta [Book] 1k, 10% churn"))
    #expect(Set(names).count == names.count)
  }

  @Test func anUnknownOptionIsRefused() throws {
    let (status, output, error) = try runBenchmarks(["--frobnicate"])
    #expect(status == 64)
    #expect(output.isEmpty)
    #expect(error == "Benchmarks: unknown option '--frobnicate' (see 'Benchmarks --help')\n")
  }
}
