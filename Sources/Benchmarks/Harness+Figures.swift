/// Figures that are not the time of a closure the harness runs: samples
/// measured from outside (a child's latency, bytes on a terminal), sizes, and
/// targets, each printed on one line as it is checked and again in a summary.
extension Harness {
  /// One target checked in this run.
  struct Target {
    var name: String
    var measured: String
    var limit: String
    var isMet: Bool
  }

  /// Every target checked so far, in order; main.swift prints the summary.
  @MainActor static var targets: [Target] = []

  /// The figures a user feels, by name, in the order recorded; main.swift
  /// prints them before the targets.
  @MainActor static var headlines: [(name: String, figure: String)] = []

  /// Records `measurement`'s median (and CPU median) as a headline figure.
  @MainActor
  static func headline(_ name: String, _ measurement: Measurement) {
    var figure = "median " + format(seconds: measurement.median)
    if let cpu = measurement.cpuMedian { figure += ", CPU " + format(seconds: cpu) }
    headlines.append((name, figure))
  }

  /// Records a figure measured once as a headline.
  @MainActor
  static func headline(_ name: String, seconds: Double, note: String = "") {
    headlines.append((name, format(seconds: seconds) + (note.isEmpty ? "" : "  (\(note))")))
  }

  /// Prints the headline figures, the watched file's end-to-end update first.
  @MainActor
  static func printHeadlines() {
    guard !headlines.isEmpty else { return }
    print("\n## Headline: what a user waits for")
    let onDisk = headlines.filter { $0.name.contains("on disk") }
    let ordered = onDisk + headlines.filter { !$0.name.contains("on disk") }
    let width = Swift.max(40, headlines.map(\.name.count).max() ?? 0)
    for (name, figure) in ordered { print(pad(name, to: width + 1) + "  " + figure) }
  }

  /// Prints a group's heading and column titles at once (the harness's
  /// `section` waits for a timed case, and these groups also print other figures).
  mutating func heading(_ title: String, result: String) {
    resultLabel = result
    pendingSection = nil
    print("\n## \(title)")
    print(
      Self.pad("case", to: Self.nameWidth) + Self.left("median") + Self.left("min")
        + Self.left("p99")
        + Self.left("runs", width: 6) + "  " + Self.pad(result, to: 8) + "cpu median")
  }

  /// Prints a row for samples measured outside the harness (in seconds), in the
  /// harness's columns; `note` goes where the harness puts the result.
  @discardableResult
  func printSamples(
    _ name: String, seconds samples: [Double], cpuSeconds: [Double] = [], note: String = ""
  ) -> Measurement? {
    guard !samples.isEmpty else {
      print(Self.pad(name, to: Self.nameWidth) + "  no samples" + (note.isEmpty ? "" : "  \(note)"))
      return nil
    }
    let m = Measurement(
      name: name, times: samples.sorted(), result: 0, cpuTimes: cpuSeconds.sorted())
    print(
      Self.pad(name, to: Self.nameWidth) + Self.left(Self.format(seconds: m.median))
        + Self.left(Self.format(seconds: m.min)) + Self.left(Self.format(seconds: m.p99))
        + Self.left("\(m.times.count)", width: 6) + "  "
        + (m.cpuMedian.map { Self.pad(note, to: 8) + Self.format(seconds: $0) } ?? note))
    return m
  }

  /// Prints a row for samples that are counts (bytes, ticks): median, min, p99
  /// and the mean, which is what a per-frame budget is about.
  func printCounts(_ name: String, _ samples: [Int], unit: String) {
    guard !samples.isEmpty else {
      print(Self.pad(name, to: Self.nameWidth) + "  no samples")
      return
    }
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2]
    let p99 = sorted[Swift.min(sorted.count - 1, sorted.count * 99 / 100)]
    print(
      Self.pad(name, to: Self.nameWidth) + Self.left("\(median) \(unit)")
        + Self.left("\(sorted[0]) \(unit)")
        + Self.left("\(p99) \(unit)") + Self.left("\(sorted.count)", width: 6) + "  mean "
        + Self.fixed(Self.mean(samples)) + " \(unit)")
  }

  /// Prints one measured value, such as a peak memory or a byte count.
  func printValue(_ name: String, _ value: String) {
    print(Self.pad(name, to: Self.nameWidth) + Self.left(value))
  }

  /// Prints whether `measured` is within `limit` and records it for the summary.
  @MainActor
  func check(
    _ name: String, _ measured: Double, below limit: Double, orEqual: Bool = false,
    format: (Double) -> String
  ) {
    let isMet = orEqual ? measured <= limit : measured < limit
    let target = Target(
      name: name, measured: format(measured), limit: (orEqual ? "≤ " : "< ") + format(limit),
      isMet: isMet)
    Self.targets.append(target)
    print("  target \(name): \(target.measured) (\(target.limit)) \(isMet ? "met" : "MISSED")")
  }

  /// Prints whether `measured` is at least `limit` and records it for the summary.
  @MainActor
  func check(_ name: String, _ measured: Double, atLeast limit: Double, format: (Double) -> String)
  {
    let isMet = measured >= limit
    let target = Target(
      name: name, measured: format(measured), limit: "≥ " + format(limit), isMet: isMet)
    Self.targets.append(target)
    print("  target \(name): \(target.measured) (\(target.limit)) \(isMet ? "met" : "MISSED")")
  }

  /// Prints the table of every target checked in this run.
  @MainActor
  static func printTargetSummary() {
    guard !targets.isEmpty else { return }
    print("\n## Targets")
    let width = Swift.max(40, targets.map(\.name.count).max() ?? 0)
    for target in targets {
      print(
        pad(target.name, to: width + 1) + left(target.measured, width: 14)
          + left(target.limit, width: 14)
          + "  " + (target.isMet ? "met" : "MISSED"))
    }
    let missed = targets.filter { !$0.isMet }.count
    print(
      missed == 0
        ? "all \(targets.count) targets met" : "\(missed) of \(targets.count) targets missed")
  }

  /// Whether the run asked for `--quick` (shorter budgets).
  var isQuick: Bool { budget < 1 }

  // MARK: - Formatting

  /// Bytes as B, KB, MB (powers of 1,000), three significant digits.
  static func format(bytes: Double) -> String {
    if bytes < 1_000 { return "\(Int(bytes)) B" }
    if bytes < 1_000_000 { return fixed(bytes / 1_000) + " KB" }
    return fixed(bytes / 1_000_000) + " MB"
  }

  static func mean(_ samples: [Int]) -> Double {
    samples.isEmpty ? 0 : Double(samples.reduce(0, +)) / Double(samples.count)
  }

  static func mean(_ samples: [Double]) -> Double {
    samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count)
  }

  static func median(_ samples: [Double]) -> Double {
    samples.isEmpty ? 0 : samples.sorted()[samples.count / 2]
  }
}
