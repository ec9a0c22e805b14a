import Foundation
import ShelfCatalog
import ShelfChain
import ShelfContentMapping
import ShelfSources
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
  ///
  /// The sources are read once at the start, as `render` reads them, and
  /// shown through the app's chain: concatenated in the order given, each in
  /// its own namespace, Tab showing one alone. The demo changes the one source
  /// when it runs (as on the live screen: the bundled catalog, or a single
  /// `--catalog` with a demo option).
  static func recording(_ options: RecordOptions, environment: [String: String]) throws(AppError)
    -> Asciicast
  {
    let run = options.run
    let specs = run.sources
    let budget = MemoryBudget(bytes: run.urlMemory ?? MemoryBudget.defaultBytes)
    let start = try FirstCatalogs(specs) { spec throws(AppError) in
      try Headless.loadOnce(spec, every: run.every, budget: budget, reading: run.reading)
    }
    Headless.warn(about: start)
    let chain = Headless.chain(of: specs, showing: start.loaded.map(\.catalog))
    var catalog = start.loaded[0].catalog
    var configuration = ScreenConfiguration()
    if let milliseconds = run.animationMilliseconds {
      configuration.animationDuration = UInt64(milliseconds)
    }
    if let fps = run.framesPerSecond { configuration.framesPerSecond = fps }
    configuration.reducedMotion = run.isReducedMotion
    configuration.showsRecentlyViewed = run.showsRecentlyViewed
    configuration.cards = run.cards
    let screen = ShelfScreen(
      content: chain.content, configuration: configuration, updates: .immediate)
    screen.sourceScope = chain.scope
    screen.canSwitchSources = chain.canSwitch
    screen.keyMap = run.keyMap
    if let message = start.message { screen.message = .error(message) }
    // As the live screen: the chain's output changed (a source, or Tab), by
    // the chain's delta when it has one.
    chain.onChange = { [unowned chain] change in
      screen.sourceScope = chain.scope
      screen.setContent(chain.content, delta: change.delta)
    }
    var demo =
      run.runsDemo
      ? DemoGenerator(
        seed: run.seed ?? UInt64.random(in: 0...UInt64.max), churn: run.churn ?? .moderate)
      : nil
    let interval = UInt64((run.rate ?? .slow).intervalMilliseconds)
    // The live app's chrome: each source's state in the status line, and the
    // pause keys in the hint while one is live.
    screen.sources = statuses(of: specs, failed: Set(start.failures.map(\.index)), run: run)
    if demo != nil || specs.contains(where: \.isLive) { screen.liveStatus = .live }

    var cast = Asciicast(
      size: options.size, colorMode: run.colorMode, theme: run.theme, environment: environment)
    var now: UInt64 = 0
    var nextUpdate = interval
    var keys = options.keys.presses[...]
    func applyDemoUpdate() {
      guard var generator = demo else { return }
      catalog = generator.nextCatalog(after: catalog)
      demo = generator
      // The demo runs on a single source, whose ids keep no namespace.
      chain.update(0, with: ShelfContent(catalog))
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
        case .nextSource:
          chain.selectNext()
        case .previousSource:
          chain.selectPrevious()
        case .redraw, .none, .pick, .cancel, .copy, .runBinding:
          // A recording has no pick, no clipboard and no bound keys.
          break
        }
      }
      cast.add(screen.render(size: options.size, now: now), at: now)
    }
    cast.end(at: options.milliseconds)
    return cast
  }

  /// The sources' states as the live app starts with them: the demo, a
  /// command or URL (read once here, run again there), a catalog that failed.
  static func statuses(of specs: [SourceSpec], failed: Set<Int>, run: RunOptions)
    -> [SourceStatus]
  {
    let names = specs.count == 1 ? [specs[0].name] : SourceNames.distinct(specs.map(\.name))
    var statuses: [SourceStatus] = run.runsDemo ? [.demo] : []
    for (index, spec) in specs.enumerated() {
      let isValid = !failed.contains(index)
      switch spec {
      case .bundled, .catalog: if !isValid { statuses.append(.failed(names[index])) }
      case .exec: statuses.append(.running(names[index], isValid: isValid))
      case .url: statuses.append(.fetching(names[index], isValid: isValid))
      case .sqlite: statuses.append(.querying(names[index], isValid: isValid))
      case .watch: statuses.append(.watching(names[index], isValid: isValid))
      case .stream: statuses.append(.streaming(names[index], isOpen: true))
      }
    }
    return statuses
  }
}
