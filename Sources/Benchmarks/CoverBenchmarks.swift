import Foundation
import ShelfCovers
import ShelfUI

/// Covers: one picture decoded and converted to a card's cover, and the
/// main thread's cost of a key while a row of covers scrolls (the covers
/// convert on their own queue; the main thread only looks them up and
/// draws their cells).
enum CoverBenchmarks {
  static let convertName = "covers: decode + convert a 600x900 JPEG to 24x12 cells"
  static let scrollName = "covers: key to frame scrolling a row of covers"

  @MainActor
  static func run(_ harness: inout Harness) {
    guard harness.includes(convertName) || harness.includes(scrollName) else { return }
    harness.heading("covers", result: "cells")
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/bench-covers")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if harness.includes(convertName) { convert(&harness, folder: folder) }
    if harness.includes(scrollName) { scroll(&harness, folder: folder) }
  }

  /// A generated picture (Scripts/make-cover.py), made once and kept in `folder`.
  private static func picture(
    _ name: String, format: String, width: Int, height: Int, seed: Int, folder: URL
  ) -> String? {
    let path = folder.appendingPathComponent(name).path
    if FileManager.default.fileExists(atPath: path) { return path }
    let script = folder.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scripts/make-cover.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      script, "--format", format, "--width", "\(width)", "--height", "\(height)", "--seed",
      "\(seed)", path + ".part",
    ]
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      (try? FileManager.default.moveItem(atPath: path + ".part", toPath: path)) != nil
    else { return nil }
    return path
  }

  @MainActor
  private static func convert(_ harness: inout Harness, folder: URL) {
    guard
      let path = picture(
        "cover-600x900.jpg", format: "jpeg", width: 600, height: 900, seed: 3, folder: folder),
      let bytes = try? CoverFile.read(path)
    else {
      print("  \(convertName): cannot make the picture (python3 Scripts/make-cover.py)")
      return
    }
    guard
      let m = harness.measure(
        convertName,
        {
          guard let picture = try? CoverDecoder.decode(bytes, least: (24 * 4, 12 * 6)) else {
            return 0
          }
          return CoverConverter.cells(of: picture, width: 24, height: 12, colors: .palette256)
            .cells.count
        })
    else { return }
    // One thread's work: its CPU time, which a busy machine's other
    // processes do not stretch.
    harness.check(convertName, m.cpuMedian ?? m.median, below: 0.005, orEqual: true) {
      Harness.format(seconds: $0)
    }
  }

  @MainActor
  private static func scroll(_ harness: inout Harness, folder: URL) {
    let images = (0..<24).compactMap { seed in
      picture(
        "cover-\(seed).png", format: "png", width: 96, height: 144, seed: seed, folder: folder)
    }
    guard images.count == 24 else {
      print("  \(scrollName): cannot make the pictures (python3 Scripts/make-cover.py)")
      return
    }
    let cards = (0..<500).map { index in
      CardFace(id: "c\(index)", title: "Cover \(index)", image: images[index % images.count])
    }
    let rows = (0..<4).map { CarouselRow(id: "r\($0)", title: "Row \($0)", cards: cards) }
    let content = ShelfContent(
      title: "Covers", sections: [ShelfSection(id: "s", title: nil, rows: rows)])
    let size = Size(width: 120, height: 40)
    var configuration = ScreenConfiguration()
    configuration.coverLines = Metrics.defaultCoverLines(forScreenSize: size)
    let screen = ShelfScreen(content: content, configuration: configuration)
    let covers = CoverCache(colors: .palette256) { path throws(CoverError) in
      try CoverFile.read(path)
    }
    screen.covers = covers
    var now: UInt64 = 1_000
    var cpuSamples: [Double] = []
    var samples: [Double] = []
    for index in 0..<(harness.isQuick ? 40 : 200) {
      let start = Monotonic.seconds()
      let cpuStart = Harness.cpuNow()
      _ = screen.handle(index % 100 < 50 ? .right : .left, size: size)
      now += 16
      Harness.sink &+= screen.render(size: size, now: now).size.width
      cpuSamples.append(Harness.cpuNow() - cpuStart)
      samples.append(Monotonic.seconds() - start)
      // The covers converted meanwhile reach the main queue between keys.
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.004))
    }
    guard
      let m = harness.printSamples(
        scrollName, seconds: samples, cpuSeconds: cpuSamples, note: "main thread")
    else { return }
    print(
      "  covers kept: \(covers.count), \(covers.byteCount / 1024) KiB of \(covers.budget >> 20) MiB"
    )
    harness.check(scrollName, m.cpuMedian ?? m.median, below: 0.016, orEqual: true) {
      Harness.format(seconds: $0)
    }
  }
}
