#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times named cases and prints one aligned row per case as it finishes.
///
/// Each case runs its closure once to warm up, then repeatedly until it has run
/// `minimumRuns` times and for `budget` seconds (at most `maximumRuns` times);
/// a case slower than `budget` counts its warm-up and runs three times in all.
/// The closure returns a number worth printing beside the time, such as the
/// moves a delta reported; the harness also keeps it from being optimised away.
/// The median CPU time of the thread follows it: on a busy machine it shows
/// what the wall time would be on an idle one.
struct Harness {
  /// One case's figures.
  struct Measurement {
    var name: String
    /// Run times in seconds, ascending.
    var times: [Double]
    /// What the closure returned on its last run.
    var result: Int
    /// CPU time of the measuring thread per run, in seconds, ascending; unlike
    /// wall time it leaves out the time other processes had the core.
    var cpuTimes: [Double] = []

    var median: Double { times[times.count / 2] }
    var cpuMedian: Double? { cpuTimes.isEmpty ? nil : cpuTimes[cpuTimes.count / 2] }
    var min: Double { times[0] }
    /// The 99th percentile: the slowest run when there are fewer than 100.
    var p99: Double { times[Swift.min(times.count - 1, times.count * 99 / 100)] }
  }

  /// Only cases whose name contains this (case-insensitive) run; nil runs all.
  var filter: String?
  var minimumRuns = 5
  var maximumRuns = 1_000
  var budget = 1.0
  /// What the number beside each time means, for the header.
  var resultLabel = "result"
  private(set) var measurements: [String: Measurement] = [:]
  /// A `section` title not printed yet; `heading` drops it, so a filtered run
  /// prints no empty group.
  var pendingSection: String?

  /// The names asked about while listing (`--list`, `--help`), in order:
  /// every subject asks `includes` about each of its cases or groups before
  /// it prepares anything, so listing runs nothing.
  final class NameList {
    var names: [String] = []
    /// Whether the usage text goes before the names (`--help`).
    var showsUsage = false

    /// Prints the usage (for `--help`) and the names, one a line.
    func print() {
      if showsUsage { Swift.print(Harness.usage) }
      for name in names { Swift.print((showsUsage ? "  " : "") + name) }
    }
  }

  /// Set while listing: no case runs, each name asked about is kept.
  let listing: NameList?

  /// What `--help` prints before the names.
  static let usage = """
    usage: swift run -c release Benchmarks [filter] [--quick]
           swift run -c release Benchmarks --list | --help

    Runs every benchmark whose name contains <filter> (any case), or all of
    them, and prints the median, minimum and 99th percentile of each.
      --quick   fewer runs and a 0.2 s budget per case
      --list    print the names below and run nothing
      --help    this text, then the names

    Benchmarks and groups of them (a filter is any part of a name):
    """

  /// A harness that reads an optional name filter from `arguments` (the first
  /// argument that is not an option); `--quick` lowers the budget and runs;
  /// `--list` and `--help` make it a listing that runs nothing. An unknown
  /// option is refused rather than taken for a filter or ignored.
  init(arguments: [String]) {
    var isListing = false
    var showsUsage = false
    for argument in arguments {
      switch argument {
      case "--quick":
        minimumRuns = 3
        budget = 0.2
      case "--list":
        isListing = true
      case "--help", "-h":
        isListing = true
        showsUsage = true
      case _ where argument.hasPrefix("-"):
        let message = "Benchmarks: unknown option '\(argument)' (see 'Benchmarks --help')\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(64)
      default:
        filter = argument.lowercased()
      }
    }
    listing = isListing ? NameList() : nil
    listing?.showsUsage = showsUsage
  }

  /// Whether a case named `name` passes the filter; never while listing,
  /// which notes the name instead.
  func includes(_ name: String) -> Bool {
    if let listing {
      if !listing.names.contains(name) { listing.names.append(name) }
      return false
    }
    guard let filter else { return true }
    return name.lowercased().contains(filter)
  }

  /// Runs `body` as the case `name` (when it passes the filter), prints its row
  /// and returns its figures.
  @discardableResult
  mutating func measure(_ name: String, runs: Int? = nil, _ body: () -> Int) -> Measurement? {
    guard includes(name) else { return nil }
    if let title = pendingSection {
      print("\n## \(title)")
      printHeader()
      pendingSection = nil
    }
    let warmUpStart = Self.now()
    let warmUpCPUStart = Self.cpuNow()
    var result = body()
    let warmUp = Self.now() - warmUpStart
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var total = 0.0
    var minimumRuns = runs ?? self.minimumRuns
    if runs == nil && warmUp > budget {
      // Seconds per run: the warm-up counts, and three runs give a median.
      times.append(warmUp)
      cpuTimes.append(Self.cpuNow() - warmUpCPUStart)
      total = warmUp
      minimumRuns = 3
    }
    while times.count < (runs ?? maximumRuns) && (times.count < minimumRuns || total < budget) {
      let start = Self.now()
      let cpuStart = Self.cpuNow()
      result = body()
      let elapsed = Self.now() - start
      cpuTimes.append(Self.cpuNow() - cpuStart)
      times.append(elapsed)
      total += elapsed
    }
    Self.sink = result
    let measurement = Measurement(
      name: name, times: times.sorted(), result: result, cpuTimes: cpuTimes.sorted())
    measurements[name] = measurement
    print(row(measurement))
    fflush(nil)  // a row as soon as it is measured, also through a pipe
    return measurement
  }

  /// Prints how many times faster `fast` was than `slow` by median wall time
  /// (and by median CPU time), when both ran.
  func printRatio(_ fast: String, over slow: String, label: String) {
    guard let fast = measurements[fast], let slow = measurements[slow] else { return }
    var line = "  \(label): \(Self.format(ratio: slow.median / fast.median)) faster"
    if let fastCPU = fast.cpuMedian, let slowCPU = slow.cpuMedian {
      line += " (by CPU time \(Self.format(ratio: slowCPU / fastCPU)))"
    }
    print(line)
  }

  /// Starts a group of cases: its heading and column titles print before its first case that runs.
  mutating func section(_ title: String) {
    pendingSection = title
  }

  // MARK: - Formatting

  static let nameWidth = 48

  private func printHeader() {
    print(
      Self.pad("case", to: Self.nameWidth) + Self.left("median") + Self.left("min")
        + Self.left("p99") + Self.left("runs", width: 6) + "  " + Self.pad(resultLabel, to: 8)
        + "cpu median")
  }

  private func row(_ m: Measurement) -> String {
    Self.pad(m.name, to: Self.nameWidth) + Self.left(Self.format(seconds: m.median))
      + Self.left(Self.format(seconds: m.min)) + Self.left(Self.format(seconds: m.p99))
      + Self.left("\(m.times.count)", width: 6) + "  " + Self.pad("\(m.result)", to: 8)
      + (m.cpuMedian.map(Self.format(seconds:)) ?? "")
  }

  static func pad(_ text: String, to width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  static func left(_ text: String, width: Int = 11) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
  }

  /// Seconds as µs, ms or s with three significant digits.
  static func format(seconds: Double) -> String {
    if seconds < 1e-3 { return fixed(seconds * 1e6) + " µs" }
    if seconds < 1 { return fixed(seconds * 1e3) + " ms" }
    return fixed(seconds) + " s"
  }

  static func format(ratio: Double) -> String { fixed(ratio) + "x" }

  /// Three significant digits without Foundation: 0.123, 1.23, 12.3, 123.
  static func fixed(_ value: Double) -> String {
    let decimals = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    if decimals == 0 { return "\(scaled)" }
    let whole = scaled / Int(scale)
    var fraction = "\(scaled % Int(scale))"
    while fraction.count < decimals { fraction = "0" + fraction }
    return "\(whole).\(fraction)"
  }

  // MARK: - Clock

  /// Monotonic seconds.
  static func now() -> Double { seconds(of: CLOCK_MONOTONIC) }

  /// Seconds of CPU time the calling thread has used.
  static func cpuNow() -> Double { seconds(of: CLOCK_THREAD_CPUTIME_ID) }

  static func seconds(of clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  /// Keeps results alive so the optimiser cannot drop the work.
  nonisolated(unsafe) static var sink = 0
}
