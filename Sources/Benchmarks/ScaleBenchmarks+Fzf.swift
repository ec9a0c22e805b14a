import Foundation
import ShelfUI

extension ScaleBenchmarks {
  /// `shelf --filter` beside `fzf --filter`, both fuzzy and ranked, over
  /// the million cards' titles: fzf reads them one per line, shelf as a
  /// catalog of the same titles in the same rows; each child's wall time from
  /// spawn to exit (its reading included), and the ratio. Skipped when fzf is
  /// not installed (`apt-get install fzf`).
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
    func measure(_ label: String, _ command: String, _ arguments: [String]) -> [Double]? {
      let output = scratch.file("matches.txt")
      var seconds: [Double] = []
      var cpu: [Double] = []
      // A first run warms the page cache.
      for run in 0...(harness.isQuick ? 1 : 5) {
        do {
          let (exit, wall) = try ChildProcess.runMeasured(
            "/bin/sh", ["-c", command] + arguments, stdoutPath: output,
            stderrPath: scratch.file("errors.txt"), reportPath: scratch.file("report.txt"))
          guard exit.code == 0 else {
            print(Harness.pad(label, to: Harness.nameWidth) + "  failed: exit \(exit.code)")
            return nil
          }
          if run > 0 {
            seconds.append(wall)
            cpu.append(exit.cpuSeconds)
          }
        } catch {
          print(Harness.pad(label, to: Harness.nameWidth) + "  \(error)")
          return nil
        }
      }
      let matches =
        (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").count ?? 0
      harness.printSamples(
        label, seconds: seconds, cpuSeconds: cpu,
        note: "\(matches) of \(count) titles; CPU on all cores")
      return seconds.sorted()
    }
    guard
      let theirs = measure(name, "exec \"$0\" --filter the < \"$1\"", [fzf, input]),
      let ours = measure(
        shelfName, "exec \"$0\" --catalog \"$1\" --filter the --print '{title}'",
        [shelf, catalogPath])
    else { return }
    let ratio = ours[ours.count / 2] / theirs[theirs.count / 2]
    harness.check(
      "filter 1M titles: shelf --filter / fzf --filter, wall medians", ratio, below: 1,
      orEqual: true
    ) {
      String(format: "%.2f×", $0)
    }
  }
}
