import Foundation
import ShelfUI

extension ScaleBenchmarks {
  /// fzf beside the `/` filter: `fzf --exact --filter` (substring matching,
  /// as Shelf's; case and Latin accents folded) over the million cards'
  /// titles, one per line, read from a file: its wall time from spawn to
  /// exit, to read beside the filter's key-to-frame rows above. Skipped when
  /// fzf is not installed (`apt-get install fzf`).
  static func fzfFilter(_ millionContent: ShelfContent, _ harness: inout Harness) {
    let name = "filter 1M cards: fzf --exact --filter “the”, the same titles (child)"
    guard harness.includes(name) else { return }
    let fzf = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let fzf else {
      print(Harness.pad(name, to: Harness.nameWidth) + "  skipped: fzf is not installed")
      return
    }
    let scratch = ScratchFolder("fzf")
    defer { scratch.remove() }
    var titles: [UInt8] = []
    var count = 0
    for section in millionContent.sections {
      for row in section.rows {
        for card in row.cards {
          titles += card.title.utf8
          titles.append(0x0A)
          count += 1
        }
      }
    }
    let input = scratch.write(titles, to: "titles.txt")
    let output = scratch.file("matches.txt")
    var seconds: [Double] = []
    var cpu: [Double] = []
    var matches = 0
    // A first run warms the page cache.
    for run in 0...(harness.isQuick ? 1 : 5) {
      do {
        let (exit, wall) = try ChildProcess.runMeasured(
          "/bin/sh", ["-c", "exec \"$0\" --exact --filter the < \"$1\"", fzf, input],
          stdoutPath: output, stderrPath: scratch.file("errors.txt"),
          reportPath: scratch.file("report.txt"))
        guard exit.code == 0 else {
          print(Harness.pad(name, to: Harness.nameWidth) + "  fzf failed: exit \(exit.code)")
          return
        }
        if run > 0 {
          seconds.append(wall)
          cpu.append(exit.cpuSeconds)
        }
      } catch {
        print(Harness.pad(name, to: Harness.nameWidth) + "  \(error)")
        return
      }
    }
    if let text = try? String(contentsOfFile: output, encoding: .utf8) {
      matches = text.split(separator: "\n").count
    }
    harness.printSamples(
      name, seconds: seconds, cpuSeconds: cpu,
      note: "\(matches) of \(count) titles; CPU on all cores")
  }
}
