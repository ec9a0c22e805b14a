import Foundation
import ShelfCatalog

extension TerminalBenchmarks.Session {
  // MARK: - Keys on a million cards

  /// Browsing the million-card catalog: time from writing a key to the
  /// first bytes of the screen update it causes.
  @MainActor
  func keyLatency(_ harness: inout Harness) {
    let million = GeneratedCatalog.make(
      rows: 1_000, cardsPerRow: 1_000, seed: ScaleBenchmarks.seed)
    let file = scratch.write(CatalogEncoder.bytes(million), to: "million.json")
    // --watch: no demo updates, and the live update below comes through the file.
    let firstRow = million.sections[0].rows[0].title
    guard let (child, firstPaint, seconds) = start(["--watch", file], until: firstRow, limit: 30)
    else { return }
    defer { quit(child) }
    harness.printValue(
      "1M cards: launch to first screen",
      Harness.format(seconds: seconds)
        + "  (first paint \(firstPaint.reduce(0) { $0 + $1.bytes.count }) B)")
    if let memory = child.residentMemory() {
      harness.printValue(
        "1M cards: resident memory while browsing", Harness.format(bytes: Double(memory)))
    }
    // Right, down, left, up through the strips, then the far ends and back.
    let walk =
      String(repeating: "l", count: 8) + String(repeating: "j", count: 8)
      + String(repeating: "h", count: 8) + String(repeating: "k", count: 8) + "$0Gg$0Gg"
    let walksKeys = harness.includes("key") || harness.includes("terminal")
    let keys = walksKeys ? Array((harness.isQuick ? String(walk.prefix(12)) : walk).utf8) : []
    var latencies: [Double] = []
    var bytes: [Int] = []
    var silent = 0
    for key in keys {
      let sent = child.type([key])
      guard let first = child.read(timeout: 1) else {
        silent += 1
        continue
      }
      latencies.append(first.time - sent)
      let rest = child.readUntilQuiet(quiet: 0.06, limit: 2)
      bytes.append(first.bytes.count + rest.reduce(0) { $0 + $1.bytes.count })
    }
    if walksKeys {
      let m = harness.printSamples(
        "1M cards: key to first screen bytes", seconds: latencies,
        note: silent == 0 ? "" : "\(silent) keys drew nothing")
      harness.printCounts("1M cards: bytes per key", bytes, unit: "B")
      if let m {
        harness.check("key to screen on 1M cards, median", m.median, below: 0.005) {
          Harness.format(seconds: $0)
        }
      }
    }
    liveUpdate(child, million: million, &harness)
  }

  /// The watched million-card file replaced by a 1% change, and back, in
  /// turn: the time from the rename to the first frame (re-reading 118 MB,
  /// parsing, converting, diffing, animating) with shelf's CPU time beside
  /// it, and its memory: the peak while it updates and what it settles at
  /// after, against the still app's. Then, replaced back, keys typed every
  /// 20 ms meanwhile to see whether the screen stalls.
  @MainActor
  func liveUpdate(_ child: ChildProcess, million: Catalog, _ harness: inout Harness) {
    let versions = [
      CatalogEncoder.bytes(
        GeneratedCatalog.churned(million, fraction: 0.01, seed: ScaleBenchmarks.seed + 1)),
      CatalogEncoder.bytes(million),
    ]
    _ = child.readUntilQuiet(quiet: 0.3, limit: 3)
    // The still app: the first version loaded, nothing moving.
    let still = settledMemory(child, atMost: nil)
    // An odd number of updates, so the last leaves the change on disk and
    // the keys below come during the change back.
    let updates = harness.isQuick ? 1 : 5
    var seconds: [Double] = []
    var cpuSeconds: [Double] = []
    var peaks: [Int] = []
    var afters: [Int] = []
    var frames = 0
    for update in 0..<updates {
      // Timed from the rename that replaces the file, as an editor's save does:
      // writing the 118 MB beside it is the writer's time, not shelf's.
      // shelf's own CPU time meanwhile (all threads) says what the work costs
      // whatever else loads the machine: on an idle one, two cores share it.
      let canResetPeak = child.resetPeakMemory()
      var peak = child.residentMemory() ?? 0
      let ticksBefore = child.cpuTicks()
      let writing = Monotonic.seconds()
      scratch.write(versions[update % 2], to: "million.json")
      let replaced = Monotonic.seconds()
      if update == 0 {
        print(
          "  (each version written beside the file and renamed over it in "
            + Harness.format(seconds: replaced - writing) + ", not counted)")
      }
      // Polled as it works, where the kernel keeps no peak for us.
      var first: ChildProcess.Chunk?
      while first == nil, Monotonic.seconds() < replaced + 10 {
        first = child.read(timeout: 0.005)
        if !canResetPeak { peak = max(peak, child.residentMemory() ?? 0) }
      }
      guard let first else {
        print("  1M cards, 1% changed on disk: no frame within 10 s")
        return
      }
      if let ticksBefore, let ticks = child.cpuTicks() {
        cpuSeconds.append(Double(ticks - ticksBefore) / Monotonic.ticksPerSecond)
      }
      seconds.append(first.time - replaced)
      frames = Frames.split([first] + child.readUntilQuiet(quiet: 0.3, limit: 5)).count
      let after = settledMemory(child, atMost: still.map { $0 + $0 / 10 })
      peak = max(peak, (canResetPeak ? child.peakMemory() : nil) ?? 0)
      peaks.append(peak)
      if let after { afters.append(after) }
    }
    let timed = harness.printSamples(
      "1M cards, 1% changed on disk: to first frame", seconds: seconds, cpuSeconds: cpuSeconds,
      note: "\(frames) frames")
    print(
      "  (re-read, parse, convert, diff, animate; cpu: shelf's, every thread, 1/\(Int(Monotonic.ticksPerSecond)) s ticks)"
    )
    if let timed {
      Harness.headline(
        "1M cards, 1% changed on disk: to first frame", seconds: timed.median,
        note: "median of \(seconds.count); shelf's CPU "
          + Harness.format(seconds: timed.cpuMedian ?? 0))
      harness.check(
        "1% of a watched 1M-card file to first frame, median", timed.median, below: 0.400,
        orEqual: true
      ) {
        Harness.format(seconds: $0)
      }
    }
    if let still, let peak = peaks.max(), let after = afters.max() {
      let mb = { (bytes: Int) in Harness.format(bytes: Double(bytes)) }
      harness.printValue(
        "1M cards, live memory: still / peak / after",
        "\(mb(still)) / \(mb(peak)) / \(mb(after))  (RSS; peak and after: the largest of \(updates) updates)"
      )
      harness.check(
        "live 1M-card update: peak RSS / still", Double(peak) / Double(still), below: 2,
        orEqual: true
      ) { Harness.format(ratio: $0) }
      harness.check(
        "live 1M-card update: RSS after / still", Double(after) / Double(still), below: 1.1,
        orEqual: true
      ) { Harness.format(ratio: $0) }
    }

    // Keys while the file is re-read and diffed: every key is answered by
    // the next bytes on screen; a stall shows as a long wait.
    scratch.write(versions[updates % 2], to: "million.json")
    var pending: [Double] = []
    var waits: [Double] = []
    let end = Monotonic.seconds() + 2
    var next = Monotonic.seconds()
    var typed = 0
    while Monotonic.seconds() < end || (!pending.isEmpty && Monotonic.seconds() < end + 2) {
      if Monotonic.seconds() >= next && Monotonic.seconds() < end {
        pending.append(child.type(Array((typed.isMultiple(of: 2) ? "l" : "h").utf8)))
        typed += 1
        next += 0.02
      }
      if let chunk = child.read(timeout: max(0.001, next - Monotonic.seconds())) {
        waits += pending.map { chunk.time - $0 }
        pending.removeAll()
      }
    }
    _ = child.readUntilQuiet(quiet: 0.3, limit: 5)
    let m = harness.printSamples(
      "1M cards, keys during a 1% re-read and diff", seconds: waits,
      note: "max " + Harness.format(seconds: waits.max() ?? 0)
        + (pending.isEmpty ? "" : ", \(pending.count) keys never answered"))
    if m != nil {
      harness.check("longest key wait during a 1M-card update", waits.max() ?? 0, below: 0.016) {
        Harness.format(seconds: $0)
      }
    }
  }

  /// The child's resident memory once it has settled: when `limit` is
  /// given, as soon as it is at most that (memory is freed off the main
  /// thread after a frame), or the lowest seen in 3 s; without, after it
  /// changed by under 1% over 0.2 s.
  func settledMemory(_ child: ChildProcess, atMost limit: Int?) -> Int? {
    guard var last = child.residentMemory() else { return nil }
    var lowest = last
    let end = Monotonic.seconds() + 3
    while Monotonic.seconds() < end {
      if let limit, last <= limit { return last }
      _ = child.drain(for: 0.2)
      guard let now = child.residentMemory() else { return lowest }
      if limit == nil, abs(now - last) < last / 100 { return now }
      last = now
      lowest = min(lowest, now)
    }
    return lowest
  }

  // MARK: - Stream

  /// `shelf --stream` fed 20 catalogs a second of 10,000 cards (100 rows of
  /// 100, each a 1% change of the last) for 5 s through a pipe: whether the
  /// app keeps reading (what it has left unread when the next catalog is
  /// due: under two catalogs, it is never more than one behind), how many frames it draws,
  /// its memory while it runs, and how soon it is quiet after the last one.
  @MainActor
  func stream(_ harness: inout Harness) {
    let base = GeneratedCatalog.make(
      rows: 100, cardsPerRow: 100, rowsPerSection: 20, seed: ScaleBenchmarks.seed)
    var lines: [[UInt8]] = []
    var catalog = base
    for step in 0..<20 {
      catalog = GeneratedCatalog.churned(
        catalog, fraction: 0.01, seed: ScaleBenchmarks.seed + 100 + UInt64(step))
      lines.append(CatalogEncoder.bytes(catalog) + [UInt8(ascii: "\n")])
    }
    let child: ChildProcess
    do {
      child = try ChildProcess.spawnOnTerminal(
        shelf, ["--stream"], columns: TerminalBenchmarks.size.columns,
        lines: TerminalBenchmarks.size.lines,
        stderrPath: scratch.file("stderr.txt"),
        pipesInput: true)
    } catch {
      print("  FAILED: \(error)")
      return
    }
    defer { quit(child) }
    _ = child.readUntilQuiet(quiet: 0.3, limit: 5)
    let seconds = harness.isQuick ? 2.0 : 5.0
    var backlog = PipeBacklog()
    var sent = 0
    var largestBacklog = 0
    var output: [ChildProcess.Chunk] = []
    var peakMemory = child.residentMemory() ?? 0
    let startMemory = peakMemory
    let begin = Monotonic.seconds()
    var next = begin
    while Monotonic.seconds() < begin + seconds {
      if Monotonic.seconds() >= next {
        // What the app has not read of the earlier catalogs when the next is due.
        largestBacklog = max(largestBacklog, backlog.count)
        backlog.append(lines[sent % lines.count])
        sent += 1
        next += 0.05
        peakMemory = max(peakMemory, child.residentMemory() ?? 0)
      }
      output += child.exchange(feeding: &backlog, until: min(next, begin + seconds))
    }
    let fedAt = Monotonic.seconds()
    // Give the app the rest of what was sent, then wait until it is quiet.
    while !backlog.isEmpty && Monotonic.seconds() < fedAt + 10 {
      output += child.exchange(feeding: &backlog, until: Monotonic.seconds() + 0.1)
    }
    let drained = Monotonic.seconds()
    let tail = child.readUntilQuiet(quiet: 0.5, limit: 10)
    output += tail
    peakMemory = max(peakMemory, child.residentMemory() ?? 0)
    let quietAfter = (tail.last?.time ?? drained) - fedAt
    let lineSize = lines[0].count
    harness.printValue(
      "--stream, 20 x 10k-card catalogs/s for \(Int(seconds)) s",
      "\(sent) sent (\(Harness.format(bytes: Double(lineSize))) each), \(Frames.split(output).count) frames drawn"
    )
    harness.printValue(
      "--stream: most left unread at the next send",
      Harness.format(bytes: Double(largestBacklog))
        + " (\(Harness.fixed(Double(largestBacklog) / Double(lineSize))) catalogs)"
        + (backlog.isEmpty ? "" : ", \(Harness.format(bytes: Double(backlog.count))) never read"))
    harness.printValue(
      "--stream: resident memory",
      "\(Harness.format(bytes: Double(startMemory))) at start, \(Harness.format(bytes: Double(peakMemory))) at most"
    )
    harness.printValue(
      "--stream: quiet after the last catalog", Harness.format(seconds: quietAfter))
    harness.check(
      "--stream unread at next send (catalogs)", Double(largestBacklog) / Double(lineSize),
      below: 2
    ) {
      Harness.fixed($0)
    }
  }
}

/// Splits terminal output into frames.
enum Frames {
  /// `CSI ? 2026 h`: the app begins every frame with synchronized output.
  static let begin: [UInt8] = [0x1b, 0x5b, 0x3f, 0x32, 0x30, 0x32, 0x36, 0x68]

  /// The bytes of each frame: from one synchronized-output start to the
  /// next; without those marks, chunks that arrive within 4 ms of each other.
  static func split(_ chunks: [ChildProcess.Chunk]) -> [Int] {
    let bytes = chunks.flatMap(\.bytes)
    var starts: [Int] = []
    var index = 0
    while index + begin.count <= bytes.count {
      if bytes[index] == begin[0] && bytes[index..<index + begin.count].elementsEqual(begin) {
        starts.append(index)
        index += begin.count
      } else {
        index += 1
      }
    }
    if !starts.isEmpty {
      // Bytes before the first mark (terminal set-up) count with the first frame.
      let ends = starts.dropFirst() + [bytes.count]
      var frames = zip([0] + starts.dropFirst(), ends).map { $1 - $0 }
      if frames.count == 1 { frames = [bytes.count] }
      return frames
    }
    var frames: [Int] = []
    var last = -Double.infinity
    for chunk in chunks {
      if chunk.time - last > 0.004 || frames.isEmpty {
        frames.append(chunk.bytes.count)
      } else {
        frames[frames.count - 1] += chunk.bytes.count
      }
      last = chunk.time
    }
    return frames
  }
}
