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
    let groups = ["terminal", "paint", "idle", "frame", "key", "stream", "watched 1m"]
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
    // `watched 1M` runs only the watched file's update (and its memory).
    if harness.includes("key") || harness.includes("terminal") || harness.includes("watched 1m") {
      session.keyLatency(&harness)
    }
    if harness.includes("stream") || harness.includes("terminal") {
      session.stream(&harness)
    }
  }

  /// One benchmark's use of the app: starts it, reads it, ends it.
  struct Session {
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
    ///
    /// The window opens once the worker threads of the last piece of work
    /// have retired: Dispatch ends an idle worker after a few seconds, and
    /// its exit (not the app) would otherwise be charged to the window.
    @MainActor
    func idle(_ child: ChildProcess, label: String, _ harness: inout Harness) {
      _ = child.readUntilQuiet(quiet: 0.5, limit: 5)
      let settled = settle(child)
      print("  idle window opens after \(Harness.format(seconds: settled)) with no thread ending")
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

    /// Waits until no thread of `child` has ended for 6 s (Dispatch retires
    /// an idle worker after about 5 s), at most 20 s; returns the seconds waited.
    private func settle(_ child: ChildProcess) -> Double {
      let start = Monotonic.seconds()
      var lastEnd = start
      var threads = Set(child.wakeUpsByThread().keys)
      while Monotonic.seconds() - lastEnd < 6, Monotonic.seconds() - start < 20 {
        _ = child.drain(for: 0.5)
        let now = Set(child.wakeUpsByThread().keys)
        if !threads.isSubset(of: now) { lastEnd = Monotonic.seconds() }
        threads = now
      }
      return Monotonic.seconds() - start
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
      let file = scratch.write(CatalogEncoder.bytes(base), to: "watched.json")
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
        scratch.write(CatalogEncoder.bytes(next), to: "watched.json")
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
  }
}
