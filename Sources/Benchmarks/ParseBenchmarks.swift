import Foundation
import ShelfCatalog

#if canImport(Glibc)
  import Glibc
#endif

/// Parse throughput (issue 33): the million-card file the scale and terminal
/// benchmarks write (1,000 rows of 1,000 cards, 118 MB), loaded from its
/// bytes in memory — decoded, validated and checked for duplicate ids — on
/// one thread (the per-core rate) and on every core, in MB/s.
///
/// The per-core rate is also an instruction count, which the neighbours of
/// a busy machine do not change: a 10,000-card file of the same make is the
/// case to run under callgrind, where the million would take many minutes;
/// `load` is the function to count (its mangled name abbreviates the type):
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*ParseA0O4load*'
/// .build/release/Benchmarks 'parse 10k' --quick` calls it four times (a
/// warm-up and three runs): its instructions over 4 x the bytes printed.
enum ParseBenchmarks {
  static let millionOneThread = "parse 1M cards (118 MB), one thread"
  static let millionEveryCore = "parse 1M cards (118 MB), every core"
  static let tenThousand = "parse 10k cards, one thread"

  @MainActor
  static func run(_ harness: inout Harness) {
    let cases = [
      (millionOneThread, 1_000, 1),
      (millionEveryCore, 1_000, ProcessInfo.processInfo.activeProcessorCount),
      (tenThousand, 10, 1),
    ]
    guard cases.contains(where: { harness.includes($0.0) }) else { return }
    harness.heading("parse throughput: a catalog's JSON bytes to a loaded catalog", result: "cards")
    var files: [Int: [UInt8]] = [:]
    for (name, rows, threads) in cases where harness.includes(name) {
      if files[rows] == nil {
        files[rows] = CatalogEncoder.bytes(
          GeneratedCatalog.make(rows: rows, cardsPerRow: 1_000, seed: ScaleBenchmarks.seed))
      }
      let bytes = files[rows]!
      let runs = harness.isQuick ? 3 : (rows >= 1_000 ? 7 : 50)
      let cpuBefore = processCPU()
      guard
        let m = bytes.withUnsafeBufferPointer({ buffer in
          harness.measure(name, runs: runs) { load(buffer, threads: threads) }
        })
      else { continue }
      // With `runs` given, the warm-up is one call more than the runs timed.
      let cpuPerCall = (processCPU() - cpuBefore) / Double(runs + 1)
      let wallRate = Double(bytes.count) / m.median
      var line = "  \(bytes.count) bytes: \(rate(wallRate)) by wall time"
      if let cpu = m.cpuMedian, threads == 1 {
        line += ", \(rate(Double(bytes.count) / cpu)) by CPU time"
      } else {
        line += ", \(rate(Double(bytes.count) / cpuPerCall)) per core (mean CPU time, every thread)"
      }
      print(line)
      if name == millionOneThread {
        parseOnly(bytes, runs: runs, &harness)
      }
    }
  }

  /// The parse alone, on one thread: each catalog is kept until the next run
  /// has been timed and freed untimed (the runs above free theirs inside
  /// the closure, a sixth of their instructions). This is the figure of the
  /// target: in the app the catalog is freed on another thread.
  @MainActor
  private static func parseOnly(_ bytes: [UInt8], runs: Int, _ harness: inout Harness) {
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var kept: Int?
    bytes.withUnsafeBufferPointer { buffer in
      var loaded: LoadedCatalog?
      for run in 0...runs {
        loaded = nil
        let start = Monotonic.seconds()
        let cpuStart = Harness.cpuNow()
        loaded = try? CatalogLoader.load(
          buffer: buffer, source: .named("bench"), limits: .default, threads: 1)
        let cpu = Harness.cpuNow() - cpuStart
        let wall = Monotonic.seconds() - start
        kept = loaded?.catalog.cardCount
        if run > 0 {  // the first run warms up
          times.append(wall)
          cpuTimes.append(cpu)
        }
      }
    }
    guard
      let m = harness.printSamples(
        "parse 1M cards, one thread, catalog freed untimed", seconds: times,
        cpuSeconds: cpuTimes, note: "\(kept ?? -1)")
    else { return }
    // The CPU time of the measuring thread: a busy machine's neighbours do
    // not count against it, as they do against the wall time.
    let cpu = m.cpuMedian ?? m.median
    print(
      "  \(rate(Double(bytes.count) / m.median)) by wall time, \(rate(Double(bytes.count) / cpu)) by CPU time"
    )
    harness.check(
      "parse 1M cards on one core (CPU time)", Double(bytes.count) / cpu / 1e6, atLeast: 400
    ) { Harness.fixed($0) + " MB/s" }
    Harness.headline(
      "parse 1M cards (118 MB) on one core", seconds: m.median,
      note: rate(Double(bytes.count) / cpu) + " by CPU time")
  }

  /// The catalog in `buffer`, loaded on `threads` threads: its card count.
  /// Not inlined, so callgrind can count it alone (`--toggle-collect`).
  @inline(never)
  static func load(_ buffer: UnsafeBufferPointer<UInt8>, threads: Int) -> Int {
    let loaded = try? CatalogLoader.load(
      buffer: buffer, source: .named("bench"), limits: .default, threads: threads)
    return loaded?.catalog.cardCount ?? -1
  }

  static func rate(_ bytesPerSecond: Double) -> String {
    Harness.fixed(bytesPerSecond / 1e6) + " MB/s"
  }

  /// CPU seconds of every thread of this process so far.
  static func processCPU() -> Double { Harness.seconds(of: CLOCK_PROCESS_CPUTIME_ID) }
}
