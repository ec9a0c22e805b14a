import Foundation
import ShelfUI

extension ScaleBenchmarks {
  /// `shelf --filter` beside `fzf --filter`, both fuzzy and ranked, over
  /// the million cards' titles: fzf reads them one per line, shelf as a
  /// catalog of the same titles in the same rows, both writing to a file;
  /// each child's wall time from spawn to exit (its reading included), run
  /// by run, and the ratio of the medians. fzf prints every line that
  /// matches; shelf every card, once (a card of the same id and title in
  /// several rows is one card), so it prints fewer lines. Skipped when fzf
  /// is not installed (`apt-get install fzf`).
  @MainActor
  static func fzfFilter(_ millionContent: ShelfContent, _ harness: inout Harness) {
    let name = "filter 1M titles: fzf --filter “the” (child)"
    let shelfName = "filter 1M titles: shelf --filter “the” (child)"
    guard harness.includes(name) || harness.includes(shelfName) else { return }
    let fzf = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let fzf, let shelf = ShelfBinary.path() else {
      print(Harness.pad(name, to: Harness.nameWidth) + "  skipped: fzf or shelf is missing")
      return
    }
    let scratch = ScratchFolder("fzf")
    defer { scratch.remove() }
    var titles: [UInt8] = []
    var catalog: [UInt8] = Array(#"{"title": "Titles", "rows": ["#.utf8)
    var count = 0
    for section in millionContent.sections {
      for row in section.rows {
        catalog += Array(#"{"id": "r\#(count)", "title": "Row", "items": ["#.utf8)
        for (index, card) in row.cards.enumerated() {
          titles += card.title.utf8
          titles.append(0x0A)
          // The generated titles are plain words: no JSON escape is needed.
          catalog += Array(#"{"id": "c\#(index)", "title": "\#(card.title)"}"#.utf8)
          catalog += Array((index + 1 < row.cards.count ? "," : "").utf8)
          count += 1
        }
        catalog += Array("]},".utf8)
      }
    }
    if catalog.last == UInt8(ascii: ",") { catalog.removeLast() }
    catalog += Array("]}".utf8)
    let input = scratch.write(titles, to: "titles.txt")
    let catalogPath = scratch.write(catalog, to: "titles.json")
    func measureOnce(_ label: String, _ command: String, _ arguments: [String]) -> FilterRun? {
      do {
        let (exit, wall) = try ChildProcess.runMeasured(
          "/bin/sh", ["-c", command] + arguments, stdoutPath: scratch.file("matches.txt"),
          stderrPath: scratch.file("errors.txt"), reportPath: scratch.file("report.txt"))
        guard exit.code == 0 else {
          print(Harness.pad(label, to: Harness.nameWidth) + "  failed: exit \(exit.code)")
          return nil
        }
        return FilterRun(seconds: wall, exit: exit)
      } catch {
        print(Harness.pad(label, to: Harness.nameWidth) + "  \(error)")
        return nil
      }
    }
    let fzfCommand = ("exec \"$0\" --filter the < \"$1\"", [fzf, input])
    let shelfCommand = (
      "exec \"$0\" --catalog \"$1\" --filter the --print '{title}'", [shelf, catalogPath]
    )
    // The two alternate, run by run, so that both meet the same load on a
    // shared machine; a first run of each warms the page cache.
    var runs: [(theirs: FilterRun, ours: FilterRun)] = []
    var matchCounts: [Int] = []
    for run in 0...(harness.isQuick ? 1 : 5) {
      guard let theirs = measureOnce(name, fzfCommand.0, fzfCommand.1) else { return }
      let theirMatches = lineCount(of: scratch.file("matches.txt"))
      guard let ours = measureOnce(shelfName, shelfCommand.0, shelfCommand.1) else { return }
      if run > 0 { runs.append((theirs, ours)) }
      matchCounts = [theirMatches, lineCount(of: scratch.file("matches.txt"))]
    }
    for (label, side, matches) in [
      (name, runs.map(\.theirs), matchCounts[0]), (shelfName, runs.map(\.ours), matchCounts[1]),
    ] {
      let peak = side.map(\.exit.peakMemory).max() ?? 0
      harness.printSamples(
        label, seconds: side.map(\.seconds), cpuSeconds: side.map(\.exit.cpuSeconds),
        note: "\(matches) of \(count) titles, peak \(peak >> 20) MiB; CPU on all cores")
    }
    print(
      "  runs, shelf / fzf wall: "
        + runs.map {
          String(
            format: "%.2f / %.2f s = %.2f×", $0.ours.seconds, $0.theirs.seconds,
            $0.ours.seconds / $0.theirs.seconds)
        }.joined(separator: ", "))
    let theirs = runs.map(\.theirs.seconds).sorted()
    let ours = runs.map(\.ours.seconds).sorted()
    let ratio = ours[ours.count / 2] / theirs[theirs.count / 2]
    print(
      String(
        format: "  wall medians: shelf %.2f s, fzf %.2f s", ours[ours.count / 2],
        theirs[theirs.count / 2]))
    harness.check(
      "filter 1M titles: shelf --filter / fzf --filter, wall medians", ratio, below: 1,
      orEqual: true
    ) {
      String(format: "%.2f×", $0)
    }
  }

  /// How many lines the file at `path` holds.
  private static func lineCount(of path: String) -> Int {
    (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").count ?? 0
  }
}

/// One child's run of a filter: its wall seconds from spawn to exit, and its
/// exit (CPU, peak memory).
private struct FilterRun {
  let seconds: Double
  let exit: ChildProcess.Exit
}
