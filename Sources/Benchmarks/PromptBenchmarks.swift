import Foundation
import ShelfContentMapping
import ShelfUI

/// The `/` prompt after a long paste: 100,000 mixed characters (accents,
/// CJK, emoji) pasted as a terminal brings them (pastes of at most 4,096
/// characters), then one more key. The query keeps its first 4,096 and the
/// prompt shows its end, cut to the screen in one pass from the end: a key
/// costs the main thread what a short query's does.
enum PromptBenchmarks {
  static let name = "prompt: a key after pasting 100,000 mixed characters"

  @MainActor
  static func run(_ harness: inout Harness) {
    guard harness.includes(name) else { return }
    harness.heading("the `/` prompt after a long paste (main thread)", result: "notes")
    let content = ShelfContent(GeneratedCatalog.make(rows: 20, cardsPerRow: 20, seed: 7))
    let size = Size(width: 120, height: 40)
    let pieces: [Character] = ["é", "ü", "日", "語", "🐉", "👍🏽", "a", " ", "e\u{301}", "한", "ß", "🇯🇵"]
    let text = String((0..<100_000).map { pieces[$0 % pieces.count] })
    var samples: [Double] = []
    var cpuSamples: [Double] = []
    var now: UInt64 = 1_000
    for _ in 0..<(harness.isQuick ? 2 : 5) {
      let screen = ShelfScreen(content: content)
      _ = screen.render(size: size, now: now)
      _ = screen.handle(.character("/"), size: size)
      var rest = Substring(text)
      while !rest.isEmpty {
        _ = screen.handle(.paste(String(rest.prefix(4_096))), size: size)
        rest = rest.dropFirst(4_096)
        now += 1
        Harness.sink &+= screen.render(size: size, now: now).size.width
      }
      settle(screen, now: &now, size: size)
      // Keys that change the query (Backspace, then a character back), each
      // to its filtered frame.
      for key in [Key.backspace, .character("ü"), .backspace, .character("🐉")] {
        let commits = screen.tableCommitCount
        let start = Monotonic.seconds()
        let cpuStart = Harness.cpuNow()
        _ = screen.handle(key, size: size)
        guard screen.waitForFilteredTable(after: commits, until: start + 30) else {
          print("  \(name): no filtered table within 30 s")
          return
        }
        now += 1
        Harness.sink &+= screen.render(size: size, now: now).size.width
        cpuSamples.append(Harness.cpuNow() - cpuStart)
        samples.append(Monotonic.seconds() - start)
        settle(screen, now: &now, size: size)
      }
    }
    guard
      let m = harness.printSamples(
        name + ", key to its frame", seconds: samples, cpuSeconds: cpuSamples,
        note: "main thread")
    else { return }
    harness.check(name, m.cpuMedian ?? m.median, below: 0.016, orEqual: true) {
      Harness.format(seconds: $0)
    }
  }

  /// Plays out the filter's work and animation, so the next key starts still.
  @MainActor
  private static func settle(_ screen: ShelfScreen, now: inout UInt64, size: Size) {
    let deadline = Monotonic.seconds() + 30
    while !screen.isContentChainIdle && Monotonic.seconds() < deadline {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
    // The holders' batches reach the screen on the main queue: it runs between frames.
    while let next = screen.nextFrameDeadline(now: now), Monotonic.seconds() < deadline {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
      now = max(next, now + 1)
      Harness.sink &+= screen.render(size: size, now: now).size.width
    }
  }
}
