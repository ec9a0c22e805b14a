import ShelfContentMapping
import ShelfUI

extension ScaleBenchmarks {
  /// Frames composed right after a key moves the focus one row down or up,
  /// with the million cards and with 10: the two rows whose focus changed are
  /// drawn afresh, the others reused. No target; it shows what a still
  /// screen's figure leaves out.
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
        harness.printSamples(
          "compose after a key, \(cards) \(size.width)x\(size.height)", seconds: samples[index],
          cpuSeconds: cpuSamples[index])
      }
    }
  }
}
