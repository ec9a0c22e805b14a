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
      var samples = Array(repeating: [Double](), count: screens.count)
      var cpuSamples = samples
      var now: UInt64 = 0
      for screen in screens { Harness.sink &+= screen.render(size: size, now: now).size.width }
      let end = Monotonic.seconds() + (harness.isQuick ? 0.5 : 2)
      var step = 0
      while Monotonic.seconds() < end || samples[0].count < 20 {
        now += 16
        step += 1
        for (index, screen) in screens.enumerated() {
          _ = screen.handle(step.isMultiple(of: 2) ? .up : .down, size: size)
          // Any scroll the key started plays out first: the frame measured is still.
          while let deadline = screen.nextFrameDeadline(now: now) {
            now = deadline
            Harness.sink &+= screen.render(size: size, now: now).size.width
          }
          let start = Monotonic.seconds()
          let cpuStart = Harness.cpuNow()
          let canvas = screen.render(size: size, now: now)
          cpuSamples[index].append(Harness.cpuNow() - cpuStart)
          samples[index].append(Monotonic.seconds() - start)
          Harness.sink &+= canvas.size.width
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
