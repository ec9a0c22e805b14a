import Foundation
import ShelfCatalog

/// Issues 5 and 7, measured on the running app: the release `shelf` on a
/// pseudo-terminal this process opens (xterm-256color), every byte it writes
/// read and counted. Full paints, bytes per animation frame against a full
/// repaint, key-to-screen latency on a million cards, and idle CPU from /proc.
enum TerminalBenchmarks {
  static let size = (columns: 120, lines: 40)
  /// Ctrl-L: the app repaints every cell.
  static let repaintKey: [UInt8] = [0x0c]

  @MainActor
  static func run(_ harness: inout Harness) {
    let groups = ["terminal", "paint", "idle", "frame", "key", "stream"]
    guard groups.contains(where: harness.includes) else { return }
    harness.heading(
      "terminal: release shelf on a \(size.columns)x\(size.lines) pseudo-terminal", result: "notes")
    guard let shelf = ShelfBinary.path() else { return }
    let scratch = ScratchFolder("terminal")
    defer { scratch.remove() }
    let session = Session(shelf: shelf, scratch: scratch)

    if harness.includes("paint") || harness.includes("idle") || harness.includes("terminal") {
      session.stillScreen(&harness)
    }
    if harness.includes("frame") || harness.includes("terminal") {
      session.animationFrames(&harness)
    }
    if harness.includes("key") || harness.includes("terminal") {
      session.keyLatency(&harness)
    }
    if harness.includes("stream") || harness.includes("terminal") {
      session.stream(&harness)
    }
  }

  /// One benchmark's use of the app: starts it, reads it, ends it.
  private struct Session {
    let shelf: String
    let scratch: ScratchFolder

    /// Starts `shelf arguments` on a fresh terminal and reads its first paint:
    /// until `needle` has been drawn (when given), then until the screen has
    /// been quiet for `quiet` seconds. `seconds` is the time to the paint's last byte.
    @MainActor
    func start(
      _ arguments: [String], until needle: String? = nil, quiet: Double = 0.5, limit: Double = 10
    )
      -> (ChildProcess, firstPaint: [ChildProcess.Chunk], seconds: Double)?
    {
      let start = Monotonic.seconds()
      do {
        let child = try ChildProcess.spawnOnTerminal(
          shelf, arguments, columns: size.columns, lines: size.lines,
          stderrPath: scratch.file("stderr.txt"))
        var chunks: [ChildProcess.Chunk] = []
        if let needle {
          // A big catalog loads before its screen: wait for a text of it.
          let pattern = Array(needle.utf8)
          var seen: [UInt8] = []
          while seen.count < pattern.count || !contains(seen, pattern),
            let chunk = child.read(timeout: limit)
          {
            chunks.append(chunk)
            seen += chunk.bytes
          }
          if !contains(seen, pattern) { print("  note: \"\(needle)\" never appeared on screen") }
        } else if let first = child.read(timeout: limit) {
          chunks.append(first)
        }
        if !chunks.isEmpty { chunks += child.readUntilQuiet(quiet: quiet, limit: limit) }
        let seconds = (chunks.last?.time ?? Monotonic.seconds()) - start
        if chunks.isEmpty || child.hasExited {
          let exit = child.finish()
          print(
            "  FAILED: shelf \(arguments.joined(separator: " ")) drew nothing (exit \(exit.code)): \(errors())"
          )
          return nil
        }
        return (child, chunks, seconds)
      } catch {
        print("  FAILED: \(error)")
        return nil
      }
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
      guard haystack.count >= needle.count else { return false }
      for start in 0...(haystack.count - needle.count)
      where haystack[start] == needle[0]
        && haystack[start..<start + needle.count].elementsEqual(needle)
      {
        return true
      }
      return false
    }

    /// Quits with `q`, reaps the child and reports how it ended.
    func quit(_ child: ChildProcess) {
      let start = Monotonic.seconds()
      let exit = child.finish()
      let note = exit.code == 0 ? "exit 0" : "exit \(exit.code): \(errors())"
      print("  quit with q: \(note) after \(Harness.format(seconds: Monotonic.seconds() - start))")
    }

    /// The first line the child wrote on stderr.
    func errors() -> String {
      let text = (try? String(contentsOfFile: scratch.file("stderr.txt"), encoding: .utf8)) ?? ""
      return text.split(separator: "\n").first.map(String.init) ?? ""
    }

    // MARK: - Still screen: first paint, full repaint, idle

    /// The bundled catalog without live updates: the first paint's bytes, a
    /// forced full repaint's (Ctrl-L), then 10 s of idling.
    @MainActor
    func stillScreen(_ harness: inout Harness) {
      guard let (child, firstPaint, seconds) = start(["--no-live"]) else { return }
      defer { quit(child) }
      let paintBytes = firstPaint.reduce(0) { $0 + $1.bytes.count }
      harness.printValue(
        "first paint, bundled catalog (bytes)",
        "\(paintBytes) B  in \(Frames.split(firstPaint).count) frame(s), drawn \(Harness.format(seconds: seconds)) after launch"
      )
      var repaints: [Int] = []
      for _ in 0..<3 {
        child.type(repaintKey)
        repaints.append(
          child.readUntilQuiet(quiet: 0.3, limit: 3).reduce(0) { $0 + $1.bytes.count })
      }
      harness.printCounts("full repaint, Ctrl-L (bytes)", repaints, unit: "B")
      idle(child, label: "--no-live", &harness)
    }

    /// CPU ticks and wake-ups of `child` over 10 s while nothing happens.
    @MainActor
    func idle(_ child: ChildProcess, label: String, _ harness: inout Harness) {
      _ = child.readUntilQuiet(quiet: 0.5, limit: 5)
      let seconds = 10.0
      let threads = child.wakeUpsByThread()
      guard let ticks = child.cpuTicks(), !threads.isEmpty else {
        print("  idle: /proc/\(child.pid) unreadable")
        return
      }
      let output = child.drain(for: seconds).reduce(0) { $0 + $1.bytes.count }
      guard let ticksAfter = child.cpuTicks() else { return }
      let threadsAfter = child.wakeUpsByThread()
      let wakeUps = ChildProcess.wakeUps(from: threads, to: threadsAfter)
      let cpu = Double(ticksAfter - ticks) / Monotonic.ticksPerSecond
      let mainThread = (threadsAfter[Int(child.pid)] ?? 0) - (threads[Int(child.pid)] ?? 0)
      harness.printValue(
        "idle 10 s, \(label): CPU time",
        "\(milliseconds(cpu))  (\(ticksAfter - ticks) ticks of 1/\(Int(Monotonic.ticksPerSecond)) s), "
          + "\(wakeUps.count) wake-ups (\(mainThread) on the main thread, \(threadsAfter.count) threads"
          + (wakeUps.ended > 0 ? ", \(wakeUps.ended) ended" : "") + "), \(output) B written")
      harness.check("idle CPU over 10 s, \(label)", cpu, below: 0, orEqual: true) {
        milliseconds($0)
      }
    }

    private func milliseconds(_ seconds: Double) -> String {
      seconds == 0 ? "0 ms" : Harness.format(seconds: seconds)
    }

    // MARK: - Animation frames

    /// `--watch` on a 40 x 30 catalog rewritten with batches of row and card
    /// moves, insertions, deletions and edits on the first screen: bytes per
    /// animation frame against a full repaint.
    @MainActor
    func animationFrames(_ harness: inout Harness) {
      let base = GeneratedCatalog.make(rows: 40, cardsPerRow: 30, seed: ScaleBenchmarks.seed)
      let file = scratch.write(GeneratedCatalog.json(base), to: "watched.json")
      guard let (child, firstPaint, _) = start(["--watch", file]) else { return }
      defer { quit(child) }
      // The full repaint of this same screen (Ctrl-L), the yardstick for frames.
      var repaints: [Int] = []
      for _ in 0..<3 {
        child.type(repaintKey)
        repaints.append(
          child.readUntilQuiet(quiet: 0.3, limit: 3).reduce(0) { $0 + $1.bytes.count })
      }
      let repaint = repaints.sorted()[1]
      let firstPaintBytes = firstPaint.reduce(0) { $0 + $1.bytes.count }
      var frameBytes: [Int] = []
      var pickUp: [Double] = []
      var durations: [Double] = []
      let batches = harness.isQuick ? 2 : 6
      for step in 1...batches {
        // Alternate a rearranged catalog and the original, so every batch moves things.
        let next =
          step.isMultiple(of: 2) ? base : GeneratedCatalog.rearrangedOnScreen(base, step: step)
        let written = Monotonic.seconds()
        scratch.write(GeneratedCatalog.json(next), to: "watched.json")
        guard let first = child.read(timeout: 5) else {
          print("  batch \(step): no frame within 5 s of rewriting the file")
          continue
        }
        let chunks = [first] + child.readUntilQuiet(quiet: 0.25, limit: 5)
        pickUp.append(first.time - written)
        durations.append(chunks.last!.time - first.time)
        frameBytes += Frames.split(chunks)
      }
      harness.printValue("first paint, 40 x 30 catalog (bytes)", "\(firstPaintBytes) B")
      harness.printCounts("animation frame, --watch batches (bytes)", frameBytes, unit: "B")
      let empty = frameBytes.filter { $0 <= 2 * Frames.begin.count }.count
      print(
        "  \(frameBytes.count) frames in \(batches) batches (\(empty) changed no cell); animation lasted "
          + "\(Harness.format(seconds: Harness.median(durations))) (median)")
      harness.printSamples(
        "--watch: file replaced to first frame", seconds: pickUp, note: "includes the debounce")
      if repaint > 0, !frameBytes.isEmpty {
        let ratio = Harness.mean(frameBytes) / Double(repaint)
        print("  full repaint: \(repaint) B; mean frame / full repaint: \(Harness.fixed(ratio))")
        harness.check("animation frame / full repaint (mean)", ratio, below: 0.25) {
          Harness.fixed($0)
        }
      }
      idle(child, label: "--watch", &harness)
    }

    // MARK: - Keys on a million cards

    /// Browsing the million-card catalog: time from writing a key to the
    /// first bytes of the screen update it causes.
    @MainActor
    func keyLatency(_ harness: inout Harness) {
      let million = GeneratedCatalog.make(
        rows: 1_000, cardsPerRow: 1_000, seed: ScaleBenchmarks.seed)
      let file = scratch.write(GeneratedCatalog.json(million), to: "million.json")
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
      let keys = Array((harness.isQuick ? String(walk.prefix(12)) : walk).utf8)
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
      let m = harness.printSamples(
        "1M cards: key to first screen bytes", seconds: latencies,
        note: silent == 0 ? "" : "\(silent) keys drew nothing")
      harness.printCounts("1M cards: bytes per key", bytes, unit: "B")
      if let m {
        harness.check("key to screen on 1M cards, median", m.median, below: 0.005) {
          Harness.format(seconds: $0)
        }
      }
      liveUpdate(child, million: million, &harness)
    }

    /// The watched million-card file replaced by a 1% change: the time to the
    /// first frame (re-reading 118 MB, diffing, animating), then, replaced
    /// back, keys typed every 20 ms meanwhile to see whether the screen stalls.
    @MainActor
    func liveUpdate(_ child: ChildProcess, million: Catalog, _ harness: inout Harness) {
      let changed = GeneratedCatalog.json(
        GeneratedCatalog.churned(million, fraction: 0.01, seed: ScaleBenchmarks.seed + 1))
      let original = GeneratedCatalog.json(million)
      _ = child.readUntilQuiet(quiet: 0.3, limit: 3)
      let replaced = Monotonic.seconds()
      scratch.write(changed, to: "million.json")
      guard let first = child.read(timeout: 10) else {
        print("  1M cards, 1% changed on disk: no frame within 10 s")
        return
      }
      let rest = child.readUntilQuiet(quiet: 0.3, limit: 5)
      harness.printValue(
        "1M cards, 1% changed on disk: to first frame",
        Harness.format(seconds: first.time - replaced) + "  (re-read, diff, animate; "
          + "\(Frames.split([first] + rest).count) frames)")

      // Keys while the file is re-read and diffed: every key is answered by
      // the next bytes on screen; a stall shows as a long wait.
      scratch.write(original, to: "million.json")
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
        harness.check("longest key wait during a 1M-card update", waits.max() ?? 0, below: 0.1) {
          Harness.format(seconds: $0)
        }
      }
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
        lines.append(GeneratedCatalog.json(catalog, isOneLine: true) + [UInt8(ascii: "\n")])
      }
      let child: ChildProcess
      do {
        child = try ChildProcess.spawnOnTerminal(
          shelf, ["--stream"], columns: size.columns, lines: size.lines,
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
}
