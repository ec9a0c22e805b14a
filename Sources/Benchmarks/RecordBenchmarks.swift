import Foundation
import ShelfCatalog
import ShelfDiff

/// Records: the million generated cards as a TSV, grouped into their 1,000
/// rows by `--group-by`, against the same cards as a catalog file, each
/// `shelf render` from spawn to exit; and an upserting record stream at
/// 1,000 records a second while keys are typed.
enum RecordBenchmarks {
  static let tsvCase = "records: shelf render 1M-record TSV, 1,000 rows"
  static let catalogCase = "records: shelf render the same 1M cards as a catalog"
  static let streamCase = "records: --stream --records at 1,000 records/s, key waits"

  @MainActor
  static func run(_ harness: inout Harness) {
    guard [tsvCase, catalogCase, streamCase].contains(where: harness.includes) else { return }
    harness.heading("records: TSV and record streams", result: "notes")
    guard let shelf = ShelfBinary.path() else { return }
    let scratch = ScratchFolder("records")
    defer { scratch.remove() }
    if harness.includes(tsvCase) || harness.includes(catalogCase) {
      render(shelf: shelf, in: scratch, &harness)
    }
    if harness.includes(streamCase) {
      TerminalBenchmarks.Session(shelf: shelf, scratch: scratch).recordStream(&harness)
    }
  }

  /// The cards of `catalog` as TSV with a header: section, row, id, title,
  /// subtitle, year, rating and tags (joined by commas), so that the
  /// mapping `mapping` makes the very cards the catalog holds.
  static func tsv(_ catalog: Catalog) -> [UInt8] {
    var bytes = Array("section\trow\tid\ttitle\tsubtitle\tyear\trating\ttags\n".utf8)
    for section in catalog.sections {
      for row in section.rows {
        for card in row.items {
          let cells = [
            section.id, row.id, card.id, card.title, card.subtitle ?? "",
            card.year.map(String.init) ?? "", card.rating.map { String($0) } ?? "",
            card.tags.joined(separator: ","),
          ]
          bytes += Array(cells.joined(separator: "\t").utf8)
          bytes.append(UInt8(ascii: "\n"))
        }
      }
    }
    return bytes
  }

  @MainActor
  private static func render(shelf: String, in scratch: ScratchFolder, _ harness: inout Harness) {
    let million = GeneratedCatalog.make(
      rows: 1_000, cardsPerRow: 1_000, seed: ScaleBenchmarks.seed)
    let catalogFile = scratch.write(CatalogEncoder.bytes(million), to: "million.json")
    let tsvFile = scratch.write(tsv(million), to: "million.tsv")
    let size = ["--width", "120", "--height", "40"]
    let mapping = [
      "--section-by", "section", "--group-by", "row", "--id", "{id}", "--title", "{title}",
      "--subtitle", "{subtitle}", "--year", "year", "--rating", "rating", "--tags", "tags",
    ]
    var medians: [String: Double] = [:]
    for (name, arguments) in [
      (catalogCase, ["render", catalogFile] + size),
      (tsvCase, ["render", tsvFile] + mapping + size),
    ] {
      var seconds: [Double] = []
      var peaks: [Int] = []
      var failure: String?
      // A first run warms the page cache.
      for run in 0...(harness.isQuick ? 1 : 3) {
        let errors = scratch.file("errors.txt")
        do {
          let (exit, wall) = try ChildProcess.runMeasured(
            shelf, arguments, stdoutPath: scratch.file("render.txt"), stderrPath: errors,
            reportPath: scratch.file("report.txt"))
          if exit.code != 0 {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            failure = "exit \(exit.code): \(message.split(separator: "\n").first ?? "")"
            break
          }
          if run > 0 {
            seconds.append(wall)
            peaks.append(exit.peakMemory)
          }
        } catch {
          failure = "\(error)"
          break
        }
      }
      let measurement = harness.printSamples(
        name, seconds: seconds,
        note: "peak RSS \(Harness.format(bytes: Double(peaks.max() ?? 0))) (spawn to exit)")
      if let failure { print("  FAILED: \(failure)") }
      if let measurement, failure == nil { medians[name] = measurement.median }
    }
    if let records = medians[tsvCase], let catalog = medians[catalogCase] {
      harness.check(
        "records: 1M-record TSV render / the catalog's", records / catalog, below: 1.2,
        orEqual: true
      ) { Harness.format(ratio: $0) }
    }
  }
}

extension TerminalBenchmarks.Session {
  /// `shelf --stream --records` fed 1,000 NDJSON records a second for 25 s
  /// while a key is typed every 20 ms: how long each key waits for the
  /// screen to answer, and how many records a second the app takes in.
  /// Ids are drawn from 20,000 over rows that grow from 40 to 50 (a new
  /// row every 2.5 s, and cards moving between rows as they do), so rows
  /// fill to `--keep 200` about halfway through and trim from then on.
  @MainActor
  func recordStream(_ harness: inout Harness) {
    let child: ChildProcess
    do {
      child = try ChildProcess.spawnOnTerminal(
        shelf,
        ["--stream", "--records", "--keep", "200", "--group-by", "unit", "--title", "{message}"],
        columns: TerminalBenchmarks.size.columns, lines: TerminalBenchmarks.size.lines,
        stderrPath: scratch.file("stderr.txt"), pipesInput: true)
    } catch {
      print("  FAILED: \(error)")
      return
    }
    defer { quit(child) }
    _ = child.readUntilQuiet(quiet: 0.3, limit: 5)
    var rng = SplitMix64(seed: ScaleBenchmarks.seed)
    let seconds = harness.isQuick ? 3.0 : 25.0
    var backlog = PipeBacklog()
    var pending: [Double] = []
    var waits: [Double] = []
    var sent = 0
    var typed = 0
    let begin = Monotonic.seconds()
    var nextRecords = begin
    var nextKey = begin
    while Monotonic.seconds() < begin + seconds {
      let now = Monotonic.seconds()
      if now >= nextRecords {
        // Ten records every 10 ms.
        let rows = 40 + min(10, Int((now - begin) / 2.5))
        var lines: [UInt8] = []
        for _ in 0..<10 {
          let id = Int(rng.next() % 20_000)
          lines += Array(
            #"{"id": \#(id), "unit": "unit-\#(id % rows).service", "message": "event \#(sent) of \#(id)"}"#
              .utf8)
          lines.append(UInt8(ascii: "\n"))
          sent += 1
        }
        backlog.append(lines)
        nextRecords += 0.01
      }
      if now >= nextKey {
        pending.append(child.type(Array((typed.isMultiple(of: 2) ? "l" : "h").utf8)))
        typed += 1
        nextKey += 0.02
      }
      for chunk in child.exchange(
        feeding: &backlog, until: min(nextRecords, nextKey, begin + seconds))
      {
        waits += pending.map { chunk.time - $0 }
        pending.removeAll()
      }
    }
    // Records a second held: every record sent over the time until the app
    // has read the last (the backlog written and the pipe empty).
    let drainLimit = Monotonic.seconds() + 10
    while !(backlog.isEmpty && child.unreadInput == 0) && Monotonic.seconds() < drainLimit {
      _ = child.exchange(feeding: &backlog, until: Monotonic.seconds() + 0.005)
    }
    let held = Double(sent) / (Monotonic.seconds() - begin)
    let unread = backlog.count + child.unreadInput
    _ = child.readUntilQuiet(quiet: 0.3, limit: 5)
    waits.sort()
    let over = waits.filter { $0 > 0.016 }.count
    let m = harness.printSamples(
      RecordBenchmarks.streamCase, seconds: waits,
      note: "max " + Harness.format(seconds: waits.last ?? 0) + ", \(over) over 16 ms; "
        + "\(sent) records in \(Int(seconds)) s, \(Int(held.rounded())) records/s held"
        + (pending.isEmpty ? "" : ", \(pending.count) keys never answered")
        + (unread == 0 ? "" : ", \(Harness.format(bytes: Double(unread))) unread after 10 s"))
    if m != nil {
      harness.check(
        "longest key wait during 1,000 records/s", waits.last ?? 0, below: 0.016, orEqual: true
      ) { Harness.format(seconds: $0) }
      harness.check("records/s an upserting stream holds", held, atLeast: 990) {
        "\(Int($0.rounded()))"
      }
    }
  }
}
