import Foundation
import ShelfCatalog
import ShelfContentMapping
import ShelfUI

/// `shelf record`: the live app without a terminal, on a simulated clock that
/// jumps from one event (a frame, a demo update, a key) to the next, so a
/// minute of the app takes as long as drawing its frames.
@MainActor
enum Recorder {
  static func record(_ options: RecordOptions) throws(AppError) {
    let cast = try recording(options, environment: ProcessInfo.processInfo.environment)
    if let path = options.outputPath {
      do {
        try Data(cast.text.utf8).write(to: URL(fileURLWithPath: path))
      } catch {
        throw .io("cannot write \(TerminalText.sanitized(path)): \(error.localizedDescription)")
      }
    } else {
      Headless.writeStandardOutput(cast.text)
    }
  }

  /// The recording: what the interactive screen would show over the run.
  static func recording(_ options: RecordOptions, environment: [String: String]) throws(AppError)
    -> Asciicast
  {
    let run = options.run
    var catalogPath: String?
    if case .catalog(let path) = run.sources.first { catalogPath = path }
    var catalog = try Headless.load(catalogPath).catalog
    var configuration = ScreenConfiguration()
    if let milliseconds = run.animationMilliseconds {
      configuration.animationDuration = UInt64(milliseconds)
    }
    if let fps = run.framesPerSecond { configuration.framesPerSecond = fps }
    configuration.reducedMotion = run.isReducedMotion
    let screen = ShelfScreen(
      content: ShelfContent(catalog), configuration: configuration, updates: .immediate)
    var demo =
      run.runsDemo
      ? DemoGenerator(
        seed: run.seed ?? UInt64.random(in: 0...UInt64.max), churn: run.churn ?? .moderate)
      : nil
    let interval = UInt64((run.rate ?? .slow).intervalMilliseconds)
    if demo != nil { screen.liveStatus = .live }

    var cast = Asciicast(size: options.size, colorMode: run.colorMode, environment: environment)
    var now: UInt64 = 0
    var nextUpdate = interval
    var keys = options.keys.presses[...]
    func applyDemoUpdate() {
      guard var generator = demo else { return }
      catalog = generator.nextCatalog(after: catalog)
      demo = generator
      screen.setContent(ShelfContent(catalog))
    }
    cast.add(screen.render(size: options.size, now: now), at: now)
    while true {
      let isLive = demo != nil && screen.liveStatus == .live
      let candidates = [
        screen.nextFrameDeadline(now: now).map { max($0, now + 1) },
        isLive ? nextUpdate : nil, keys.first?.time,
      ]
      guard let next = candidates.compactMap(\.self).min(), next <= options.milliseconds else {
        break
      }
      now = max(next, now)
      if isLive && nextUpdate <= now {
        applyDemoUpdate()
        nextUpdate = now + interval
      }
      while let press = keys.first, press.time <= now {
        keys = keys.dropFirst()
        switch screen.handle(press.key, size: options.size) {
        case .quit:
          cast.add(screen.render(size: options.size, now: now), at: now)
          return cast
        case .togglePause:
          if screen.liveStatus == .live {
            screen.liveStatus = .paused
          } else if screen.liveStatus == .paused {
            screen.liveStatus = .live
            nextUpdate = now + interval
          }
        case .stepOnce:
          applyDemoUpdate()
        case .redraw, .none, .nextSource, .previousSource:
          break
        }
      }
      cast.add(screen.render(size: options.size, now: now), at: now)
    }
    return cast
  }
}
