import ShelfContentMapping
import ShelfUI

extension ScaleBenchmarks {
  /// Frames composed right after a key moves the focus one row down or up,
  /// with the million cards and with 10: the two rows whose focus changed are
  /// drawn afresh, the others reused: a headline figure, the frame a user
  /// waits for after each key.
  @MainActor
  static func composeAfterKeys(_ millionContent: ShelfContent, _ harness: inout Harness) {
    guard harness.includes("compose after a key") else { return }
    let ten = ShelfContent(GeneratedCatalog.make(rows: 5, cardsPerRow: 2, seed: seed))
    harness.heading("compose one frame after ↓ or ↑ (two rows drawn afresh)", result: "notes")
    let contents = [("1M cards", millionContent), ("10 cards", ten)]
    for size in sizes {
      let screens = contents.map { ShelfScreen(content: $0.1) }
      var step = 0
      let (samples, cpuSamples) = timeFrames(
        of: screens, size: size, seconds: harness.isQuick ? 0.5 : 2
      ) { screen, now in
        if screen === screens[0] { step += 1 }
        _ = screen.handle(step.isMultiple(of: 2) ? .up : .down, size: size)
        // Any scroll the key started plays out first: the frame measured is still.
        while let deadline = screen.nextFrameDeadline(now: now) {
          now = deadline
          Harness.sink &+= screen.render(size: size, now: now).size.width
        }
      }
      for (index, (cards, _)) in contents.enumerated() {
        let m = harness.printSamples(
          "compose after a key, \(cards) \(size.width)x\(size.height)", seconds: samples[index],
          cpuSeconds: cpuSamples[index])
        if let m, cards == "1M cards" {
          Harness.headline("frame after a key, 1M cards \(size.width)x\(size.height)", m)
        }
      }
    }
  }

  /// The main thread's share of a character typed into the `/` filter with the
  /// million cards: the screen filters the source (the first character the
  /// whole catalog, each next one the previous matches) and hands the result
  /// to the live holders, which diff it off the main thread.
  @MainActor
  static func filterKeys(_ millionContent: ShelfContent, _ harness: inout Harness) {
    let name = "filter 1M cards"
    guard harness.includes(name) else { return }
    let size = sizes[0]
    var first: (wall: [Double], cpu: [Double]) = ([], [])
    var next: (wall: [Double], cpu: [Double]) = ([], [])
    for round in 0..<(harness.isQuick ? 2 : 6) {
      let screen = ShelfScreen(content: millionContent)
      _ = screen.render(size: size, now: 0)
      _ = screen.handle(.character("/"), size: size)
      // A query that narrows, then one that soon matches nothing.
      let query: String = round.isMultiple(of: 2) ? "the" : "zqx"
      for (index, character) in query.enumerated() {
        let start = Monotonic.seconds()
        let cpuStart = Harness.cpuNow()
        _ = screen.handle(.character(character), size: size)
        let cpu = Harness.cpuNow() - cpuStart
        let wall = Monotonic.seconds() - start
        if index == 0 {
          first.wall.append(wall)
          first.cpu.append(cpu)
        } else {
          next.wall.append(wall)
          next.cpu.append(cpu)
        }
      }
    }
    harness.printSamples(
      "\(name): first character typed", seconds: first.wall, cpuSeconds: first.cpu,
      note: "main thread")
    harness.printSamples(
      "\(name): each next character", seconds: next.wall, cpuSeconds: next.cpu,
      note: "main thread")
  }
}
