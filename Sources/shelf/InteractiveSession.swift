import Dispatch
import Foundation
import ShelfCatalog
import ShelfContentMapping
import ShelfTerminal
import ShelfUI

/// The interactive screen: a terminal, a run loop, the screen and its live source.
@MainActor
final class InteractiveSession: EventLoopDelegate {
  private let loop: EventLoop
  private let screen: ShelfScreen
  private let options: RunOptions
  /// The catalog the demo changes next.
  private var catalog: Catalog
  private var demo: DemoGenerator?
  private var demoTimer: (any DispatchSourceTimer)?
  private var watcher: CatalogFileWatcher?
  private var stream: CatalogStreamReader?
  /// A snapshot from the watcher or the stream that arrived while paused.
  private var pending: Catalog?
  /// Converts snapshots to screen content off the main queue.
  private let converter = ContentConverter()

  private init(loop: EventLoop, screen: ShelfScreen, catalog: Catalog, options: RunOptions) {
    self.loop = loop
    self.screen = screen
    self.catalog = catalog
    self.options = options
  }

  /// Loads the first catalog, takes over the terminal and runs until the user
  /// quits; never returns. Errors before the terminal is taken are thrown.
  static func run(_ options: RunOptions, isNoColorSet: Bool) throws(AppError) -> Never {
    let loaded: LoadedCatalog
    if options.isStreaming {
      loaded = LoadedCatalog(catalog: Catalog(title: "stdin", sections: []))
    } else if let watchPath = options.watchPath {
      // As the watcher reads it: a FIFO would block here for good.
      loaded = try Headless.load(watchPath, regularFileOnly: true)
    } else {
      loaded = try Headless.load(options.catalogPath)
    }
    var configuration = ScreenConfiguration()
    if let milliseconds = options.animationMilliseconds {
      configuration.animationDuration = UInt64(milliseconds)
    }
    if let fps = options.framesPerSecond { configuration.framesPerSecond = fps }
    configuration.reducedMotion = options.isReducedMotion

    let backend: TerminalBackend
    do {
      backend = try TerminalBackend(
        options: TerminalOptions(
          colorMode: options.colorMode, isNoColorSet: isNoColorSet, theme: options.theme))
    } catch {
      throw AppError(error)
    }
    let screen = ShelfScreen(content: ShelfContent(loaded.catalog), configuration: configuration)
    screen.message = loaded.warningLines.first.map { .warning("warning: \($0)") }
    let session = InteractiveSession(
      loop: EventLoop(backend: backend), screen: screen, catalog: loaded.catalog, options: options)
    session.loop.delegate = session
    screen.onNeedsDisplay = { [unowned session] in session.loop.setNeedsDraw() }
    screen.onDiscard = { [converter = session.converter] retired in
      converter.free(consume retired)
    }
    session.startSource()
    session.loop.start()
    retained = session
    dispatchMain()
  }

  /// The session lives as long as the process.
  private static var retained: InteractiveSession?

  // MARK: - Live sources

  private func startSource() {
    if options.isStreaming {
      startStream()
    } else if let path = options.watchPath {
      startWatching(path)
    } else if options.runsDemo {
      startDemo()
    }
  }

  private func startDemo() {
    let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
    demo = DemoGenerator(seed: seed, churn: options.churn ?? .moderate)
    screen.liveStatus = .live
    screen.sources = [.demo]
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.setEventHandler { [unowned self] in
      MainActor.assumeIsolated {
        if self.screen.liveStatus == .live { self.applyDemoUpdate() }
      }
    }
    demoTimer = timer
    armDemoTimer()
    timer.resume()
  }

  /// Runs the demo timer while live; paused, it never fires.
  private func armDemoTimer() {
    guard let demoTimer else { return }
    if screen.liveStatus == .live {
      let interval = (options.rate ?? .slow).intervalMilliseconds
      demoTimer.schedule(
        deadline: .now() + .milliseconds(interval), repeating: .milliseconds(interval),
        leeway: .milliseconds(interval / 10))
    } else {
      demoTimer.schedule(deadline: .distantFuture)
    }
  }

  private func applyDemoUpdate() {
    guard var demo else { return }
    replaceCatalog(with: demo.nextCatalog(after: catalog))
    self.demo = demo
    show(catalog)
  }

  private func startWatching(_ path: String) {
    let watcher = CatalogFileWatcher(path: path)
    let name = URL(fileURLWithPath: path).lastPathComponent
    screen.liveStatus = .live
    screen.sources = [.watching(name, isValid: true)]
    watcher.start(queue: .main, deliversInitialVersion: false) { [unowned self] result in
      MainActor.assumeIsolated {
        switch result {
        case .success(let loaded):
          self.screen.sources = [.watching(name, isValid: true)]
          self.screen.message = loaded.warningLines.first.map { .warning("warning: \($0)") }
          self.receive(loaded.catalog)
        case .failure(let error):
          self.screen.sources = [.watching(name, isValid: false)]
          self.screen.message = .error(error.description)
          self.loop.setNeedsDraw()
        }
      }
    }
    self.watcher = watcher
  }

  private func startStream() {
    let reader = CatalogStreamReader(fileDescriptor: 0, name: "stdin")
    screen.liveStatus = .live
    screen.sources = [.streaming("stdin", isOpen: true)]
    reader.start(queue: .main) { [unowned self] event in
      MainActor.assumeIsolated {
        switch event {
        case .catalog(let loaded, _):
          self.screen.message = loaded.warningLines.first.map { .warning("warning: \($0)") }
          self.receive(loaded.catalog)
        case .failure(let error):
          self.screen.message = .error(error.description)
          self.loop.setNeedsDraw()
        case .end:
          self.screen.sources = [.streaming("stdin", isOpen: false)]
          self.loop.setNeedsDraw()
        }
      }
    }
    stream = reader
  }

  /// A new snapshot from the watcher or the stream: shown now, or kept while paused.
  private func receive(_ newCatalog: Catalog) {
    if screen.liveStatus == .paused {
      if let old = pending.take() { converter.free(old) }
      pending = newCatalog
      loop.setNeedsDraw()
    } else {
      replaceCatalog(with: newCatalog)
      show(newCatalog)
    }
  }

  /// Keeps `newCatalog` as the current one; the old one is freed off the main
  /// queue (a million cards take a while to free).
  private func replaceCatalog(with newCatalog: Catalog) {
    var old = newCatalog
    swap(&old, &catalog)
    converter.free(consume old)  // moved: the queue drops the last reference
  }

  /// Converts `catalog` off the main queue and hands the result to the screen;
  /// snapshots reach it in order, and one overtaken by a newer is skipped.
  private func show(_ catalog: Catalog) {
    converter.convert(catalog) { [unowned self] content in
      screen.setContent(content)
      loop.setNeedsDraw()
    }
  }

  // MARK: - Keys and frames

  func eventLoop(_ loop: EventLoop, didReceive key: Key) {
    switch screen.handle(key, size: loop.backend.size) {
    case .quit:
      loop.finish(status: 0)
    case .togglePause:
      switch screen.liveStatus {
      case .live:
        screen.liveStatus = .paused
      case .paused:
        screen.liveStatus = .live
        if let pending = pending.take() {
          replaceCatalog(with: pending)
          show(pending)
        }
      case .off:
        break
      }
      armDemoTimer()
      loop.setNeedsDraw()
    case .stepOnce:
      if demo != nil {
        applyDemoUpdate()
      } else if let pending = pending.take() {
        replaceCatalog(with: pending)
        show(pending)
      }
      loop.setNeedsDraw()
    case .redraw:
      loop.setNeedsDraw()
    case .none:
      break
    }
  }

  func eventLoop(_ loop: EventLoop, frameFor size: Size, now: UInt64) -> Canvas {
    screen.render(size: size, now: now)
  }

  func eventLoop(_ loop: EventLoop, nextFrameDeadlineAfter now: UInt64) -> UInt64? {
    screen.nextFrameDeadline(now: now)
  }
}
