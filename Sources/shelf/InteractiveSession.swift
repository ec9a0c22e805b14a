import Dispatch
import Foundation
import ShelfCatalog
import ShelfChain
import ShelfContentMapping
import ShelfCovers
import ShelfSources
import ShelfTerminal
import ShelfUI

/// The interactive screen: a terminal, a run loop, the screen and its sources,
/// joined by the app's chain (`SourceChain`).
@MainActor
final class InteractiveSession: EventLoopDelegate {
  /// One source at run time: how it is stopped, what it shows in the status
  /// line, and the snapshot that waits while updates are paused.
  private final class Feed {
    let spec: SourceSpec
    let index: Int
    /// Converts this source's snapshots off the main queue, newest first,
    /// and diffs each against the one before.
    let converter: ContentConverter
    /// The state the status line shows; nil for a source that never changes.
    var status: SourceStatus?
    /// A snapshot that arrived while paused, with its rows' revisions when
    /// it is upserted records.
    var pending: (catalog: Catalog, revisions: RowRevisions?)?
    /// Stops the source for good (a running command is killed and reaped).
    var stop: (() -> Void)?
    /// A watched file's watcher, made when the file was first loaded, so
    /// that the next version reuses that one's cards.
    var watcher: CatalogFileWatcher?
    /// `--stream --records`: the records upserted so far, and whether
    /// showing them is scheduled.
    var upserts: UpsertingCatalog?
    var isUpsertShowScheduled = false

    /// Source `index` of the chain, showing `rows` at first.
    init(spec: SourceSpec, index: Int, rows: [CarouselRow]) {
      self.spec = spec
      self.index = index
      converter = ContentConverter(diffingFrom: rows)
    }
  }

  private let loop: EventLoop
  private let screen: ShelfScreen
  private let options: RunOptions
  private let chain: SourceChain
  private let feeds: [Feed]
  /// The catalog the demo starts from, until it starts.
  private var demoCatalog: Catalog?
  /// The demo's updates, a live source of their own.
  private var demo: DemoSource?
  /// Steps (`.`) asked for while paused whose update has not come yet.
  private var demoSteps = 0
  /// The source whose error or warning the message area shows, if one does.
  private var messageOwner: Int?
  /// Frees what the screen lets go of, off the main queue.
  private let freer = ContentConverter()
  /// The memory every `--url` source's bodies share (`--url-memory`).
  private lazy var urlBudget = MemoryBudget(
    bytes: options.urlMemory ?? MemoryBudget.defaultBytes)
  /// While the only sources are commands and URLs and none has given a
  /// catalog yet: the first failure of each one that has reported. When every
  /// one has failed, the app exits with the first one's error, as it does when
  /// every file fails at start; the first catalog ends the watch.
  private var firstFailures: [Int: CatalogError]?

  private init(
    loop: EventLoop, screen: ShelfScreen, chain: SourceChain, feeds: [Feed], options: RunOptions
  ) {
    self.loop = loop
    self.screen = screen
    self.chain = chain
    self.feeds = feeds
    self.options = options
  }

  /// Loads the first catalogs, takes over the terminal and runs until the user
  /// quits; never returns. Errors before the terminal is taken are thrown.
  static func run(_ options: RunOptions, isNoColorSet: Bool) throws(AppError) -> Never {
    // The start-up values (the first catalogs, their converted content) end
    // with `start`'s scope: the loop below never returns, so locals here
    // would keep a million cards' first version alive for the whole run.
    retained = try start(options, isNoColorSet: isNoColorSet)
    // The main queue runs here, on the main thread, for the whole session:
    // its run loop drains the queue and sleeps in the kernel while idle.
    // Not `dispatchMain()`: on Linux it ends the main thread and Dispatch's
    // pool threads drain the main queue, among them those a large catalog's
    // parallel paths lowered to nice 5 for good (`WorkerPriority`), so keys
    // and frames would run at their priority. `run()` returns only once its
    // run loop has nothing to wait on; on the main thread the main queue
    // always counts, so the loop is a safeguard.
    while true { RunLoop.main.run() }
  }

  /// Loads the first catalogs, takes over the terminal and starts the session.
  private static func start(
    _ options: RunOptions, isNoColorSet: Bool
  ) throws(AppError) -> InteractiveSession {
    let specs = options.sources
    // One per watched file, in order: each loads its file's first version.
    var watchers: [CatalogFileWatcher] = []
    let start = try FirstCatalogs(specs) { spec throws(AppError) in
      switch spec {
      case .bundled: return try Headless.load(nil)
      case .catalog(let path): return try Headless.load(path, reading: options.reading)
      // As the watcher reads it: a FIFO would block here for good.
      case .watch(let path):
        let watcher = CatalogFileWatcher(path: path, reading: options.reading)
        watchers.append(watcher)
        return try Headless.load(watching: watcher)
      // These deliver their first catalog once running.
      case .stream: return LoadedCatalog(catalog: Catalog(title: "stdin", sections: []))
      case .exec, .url: return LoadedCatalog(catalog: Catalog(title: "", sections: []))
      // Read once here: a missing file or a bad query ends the app at once.
      case .sqlite:
        return try Headless.loadOnce(
          spec, every: nil, budget: MemoryBudget(bytes: 0),
          reading: options.reading)
      }
    }
    let firsts = start.loaded
    if options.isVerbose { Headless.sayFormats(of: firsts, specs: specs) }
    let contents = firsts.indices.map { index in
      ShelfContent(
        firsts[index].catalog,
        namespace: SourceChain.namespace(ofSourceAt: index, in: specs))
    }
    // Tab diffs the outputs off the main queue: keys never wait for it.
    let chain = SourceChain(
      specs: specs, contents: contents,
      switchQueue: DispatchQueue(label: "shelf.switch", qos: .userInitiated))

    // `--select-1` and `--exit-0` answer before the terminal is taken.
    let search = options.search
    if search.isSelectingOne || search.isExitingOnNone {
      let matches = chain.content.rankedMatches(of: search.query, isExact: search.isExact)
      if matches.isEmpty && search.isExitingOnNone { exit(1) }
      // One card, though a catalog may show it in several rows.
      if search.isSelectingOne, let first = matches.first,
        matches.allSatisfy({ $0.face == first.face })
      {
        Headless.writeStandardOutput(options.actions.format.line(for: matches[0]) + "\n")
        exit(0)
      }
    }

    var configuration = ScreenConfiguration()
    if let milliseconds = options.animationMilliseconds {
      configuration.animationDuration = UInt64(milliseconds)
    }
    if let fps = options.framesPerSecond { configuration.framesPerSecond = fps }
    configuration.reducedMotion = options.isReducedMotion
    configuration.showsRecentlyViewed = options.showsRecentlyViewed
    configuration.cards = options.cards

    let environment = ProcessInfo.processInfo.environment
    let backend: TerminalBackend
    do {
      backend = try TerminalBackend(
        options: TerminalOptions(
          colorMode: options.colorMode, isNoColorSet: isNoColorSet, theme: options.theme.theme,
          colors: options.theme.colors,
          asksForKittyPictures: options.covers.asksForPictures(
            environment: environment, showing: firsts.map(\.catalog))))
    } catch {
      throw AppError(error)
    }
    configuration.coverLines = options.covers.coverLines(
      showing: firsts.map(\.catalog), size: backend.size)
    // Without --cover-lines, the covers fit the screen as it resizes.
    configuration.coverLinesFollowScreen = options.covers.lines == nil
    let screen = ShelfScreen(content: chain.content, configuration: configuration)
    screen.sourceScope = chain.scope
    screen.canSwitchSources = chain.canSwitch
    screen.actions = options.actions.screenActions
    screen.keyMap = options.keyMap
    screen.isExactSearch = search.isExact
    if !search.query.isEmpty { screen.startSearch(search.query) }
    let feeds = specs.indices.map {
      Feed(spec: specs[$0], index: $0, rows: contents[$0].rows)
    }
    for feed in feeds {
      if case .watch = feed.spec { feed.watcher = watchers.removeFirst() }
    }
    let session = InteractiveSession(
      loop: EventLoop(backend: backend), screen: screen, chain: chain, feeds: feeds,
      options: options)
    // Every source that failed at start is in the message log; the first shows.
    for failure in start.failures.dropFirst().reversed() {
      session.screen.log(
        .error(failure.error.description), from: session.logName(failure.index),
        at: session.now())
    }
    // A field in the command's own quotes is no longer quoted: said once.
    for binding in options.actions.bindings {
      guard let field = binding.command.fieldInsideQuotes else { continue }
      session.screen.log(
        .warning(
          "--bind \(TerminalText.sanitized(binding.name)): {\(field)} stands inside quotes;"
            + " Shelf quotes each field itself, so those quotes leave it unquoted: remove them"),
        from: "--bind", at: session.now())
    }
    // A --print field no card has prints empty: said once, in the log.
    if let warning = options.actions.format.unknownFieldsWarning(
      option: "--print", in: firsts.map(\.catalog))
    {
      session.screen.log(.warning(warning), from: "--print", at: session.now())
    }
    if let failure = start.failures.first {
      session.setMessage(.error(failure.error.description), from: failure.index)
    } else if let index = firsts.firstIndex(where: { $0.warningSummary != nil }),
      let summary = firsts[index].warningSummary
    {
      session.setMessage(.warning("warning: \(summary)"), from: index)
    }
    session.loop.delegate = session
    session.loop.willFinish = { [unowned session] in session.stopSources() }
    screen.onNeedsDisplay = { [unowned session] in session.loop.setNeedsDraw() }
    if configuration.coverLines > 0 {
      // Pictures need the cells' size in pixels; a terminal that does not
      // say it gets the common 10 x 20.
      let drawsPictures =
        options.covers.drawsPictures(environment: environment) || backend.showsKittyPictures
      let covers = CoverCache(
        colors: CoverColors(backend.colorDepth),
        cellPixels: drawsPictures ? backend.cellPixelSize ?? Size(width: 10, height: 20) : nil,
        load: CoverSettings.loader(
          directory: CoverSettings.imageDirectory(of: specs), cache: CoverSettings.diskCache))
      covers.onReady = { [unowned session] in session.loop.setNeedsDraw() }
      covers.onFailure = { [unowned session] line in
        session.screen.log(.warning(line), from: "covers", at: session.now())
      }
      screen.covers = covers
      if drawsPictures {
        screen.findsStillCovers = true
        backend.coverLayer = KittyCoverLayer { [unowned covers] cover in
          covers.pixels(of: cover.image, width: cover.width, height: cover.height)
        }
      }
    }
    screen.onDiscard = { [freer = session.freer] retired in freer.free(consume retired) }
    chain.onChange = { [unowned session] change in session.chainDidChange(change) }
    if options.runsDemo { session.demoCatalog = firsts[0].catalog }
    if let template = options.actions.preview {
      screen.enablePreview(options.actions.previewWindow)
      session.preview = PreviewDriver(template: template, screen: screen) {
        [unowned session] in session.loop.setNeedsDraw()
      }
    }
    session.startSources(failed: Set(start.failures.map(\.index)))
    session.loop.start()
    return session
  }

  /// Runs `--preview`'s command for the focused card; nil without one.
  private var preview: PreviewDriver?

  /// The session lives as long as the process.
  private static var retained: InteractiveSession?

  // MARK: - Sources

  /// Starts every source; those at `failed` indices failed at start: a
  /// watched file is watched still (it recovers as any edit does), a catalog
  /// read once shows its failure for good.
  private func startSources(failed: Set<Int>) {
    if options.runsDemo { startDemo() }
    for feed in feeds {
      switch feed.spec {
      case .bundled, .catalog:
        if failed.contains(feed.index) { feed.status = .failed(statusName(feed)) }
      case .watch(let path):
        startWatching(path, feed: feed, isValid: !failed.contains(feed.index))
      case .stream: startStream(feed)
      case .exec(let command):
        let source = ExecSource(
          command: command, interval: options.interval(for: feed.spec), reading: options.reading)
        startLive(source, feed: feed, status: { .running($0, isValid: $1) })
      case .sqlite(let path, let query):
        let source = SQLiteSource(path: path, query: query, mapping: options.reading.mapping)
        startLive(source, feed: feed, status: { .querying($0, isValid: $1) })
      case .url(let url):
        let source = URLSource(
          url: url, interval: options.interval(for: feed.spec), budget: urlBudget,
          reading: options.reading)
        startLive(source, feed: feed, status: { .fetching($0, isValid: $1) })
      }
    }
    if options.runsDemo || feeds.contains(where: \.spec.isLive) { screen.liveStatus = .live }
    updateStatuses()
    let polled = feeds.allSatisfy {
      switch $0.spec {
      case .exec, .url: true
      default: false
      }
    }
    if polled { firstFailures = [:] }
  }

  /// Stops every source: no command keeps running after the app.
  private func stopSources() {
    preview?.end()
    demo?.stop()
    for feed in feeds { feed.stop.take()?() }
  }

  /// The name a source goes by in the status line: whole when it is the only
  /// one, short among several.
  private func statusName(_ feed: Feed) -> String {
    feeds.count == 1
      ? feed.spec.name : SourceChain.shortName(ofSourceAt: feed.index, in: chain.specs)
  }

  private func updateStatuses() {
    screen.sources = (options.runsDemo ? [.demo] : []) + feeds.compactMap(\.status)
  }

  private func startDemo() {
    guard let first = demoCatalog else { return }
    demoCatalog = nil
    let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
    let source = DemoSource(
      catalog: first, generator: DemoGenerator(seed: seed, churn: options.churn ?? .moderate),
      interval: .milliseconds((options.rate ?? .slow).intervalMilliseconds))
    demo = source
    screen.liveStatus = .live
    source.start(queue: .main) { [unowned self] result in
      MainActor.assumeIsolated {
        guard case .success(let loaded) = result else { return }
        // Paused, only the updates steps asked for show (one timed just
        // before the pause waits: the next update holds its changes too).
        if screen.liveStatus != .live {
          guard demoSteps > 0 else { return }
          demoSteps -= 1
        }
        show(loaded.catalog, from: feeds[0])
      }
    }
  }

  /// Holds the demo's timed updates back while paused.
  private func pauseDemoWhenNotLive() {
    demo?.isPaused = screen.liveStatus != .live
  }

  private func startWatching(_ path: String, feed: Feed, isValid: Bool) {
    // Made when the file was first loaded: it delivers what changed since.
    let watcher = feed.watcher ?? CatalogFileWatcher(path: path, reading: options.reading)
    feed.watcher = nil
    startLive(
      watcher, feed: feed, isValid: isValid, status: { .watching($0, isValid: $1) },
      start: { watcher.start(queue: .main, deliversInitialVersion: false, handler: $0) })
  }

  /// Starts `source`, its deliveries taken on the main queue; `status` says
  /// how its state shows (`startDelivering`); `start` starts it, when not
  /// as `LiveSource.start` does. Stopping it waits for it to be idle.
  private func startLive(
    _ source: any LiveSource, feed: Feed, isValid: Bool = true,
    status: @escaping @Sendable (_ name: String, _ isValid: Bool) -> SourceStatus,
    start: ((@escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void) -> Void)? = nil
  ) {
    startDelivering(
      feed, isValid: isValid, status: status,
      start: start ?? { source.start(queue: .main, handler: $0) })
    feed.stop = {
      source.stop()
      source.waitUntilIdle()
    }
  }

  /// Starts a source that delivers catalogs or failures on the main queue
  /// (`start` hands it the handler); `status` says how its state shows,
  /// by name and whether its last version was valid (`isValid` at first).
  private func startDelivering(
    _ feed: Feed, isValid: Bool = true,
    status: @escaping @Sendable (_ name: String, _ isValid: Bool) -> SourceStatus,
    start: (@escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void) -> Void
  ) {
    let index = feed.index
    let name = statusName(feed)
    feed.status = status(name, isValid)
    start { [unowned self] result in
      MainActor.assumeIsolated {
        self.take(result, from: self.feeds[index]) { status(name, $0) }
      }
    }
  }

  private func startStream(_ feed: Feed) {
    // Records are upserted one by one: none may be dropped for a newer one.
    let upserts = options.recordKeep.map { UpsertingCatalog(title: "stdin", keep: $0) }
    let reader = CatalogStreamReader(
      fileDescriptor: 0, name: "stdin", coalesces: upserts == nil, reading: options.reading)
    let index = feed.index
    feed.status = .streaming("stdin", isOpen: true)
    feed.upserts = upserts
    reader.start(queue: .main) { [unowned self] (event: CatalogStreamReader.Event) in
      MainActor.assumeIsolated {
        switch event {
        case .catalog(let loaded, _):
          let feed = self.feeds[index]
          if feed.upserts != nil {
            feed.upserts!.upsert(loaded.catalog)
            self.scheduleUpsertedShelf(of: feed)
            return
          }
          self.take(.success(loaded), from: feed) { _ in .streaming("stdin", isOpen: true) }
        case .failure(let error):
          self.take(.failure(error), from: self.feeds[index]) { _ in
            .streaming("stdin", isOpen: true)
          }
        case .end:
          self.feeds[index].status = .streaming("stdin", isOpen: false)
          self.updateStatuses()
          self.loop.setNeedsDraw()
        }
      }
    }
    feed.stop = { reader.stop() }
  }

  /// Shows `feed`'s upserted records once the records that arrived with
  /// this one are upserted too: at 1,000 records a second, a version a
  /// record (each converted and diffed, its status redrawn) kept the main
  /// queue from the keys.
  private func scheduleUpsertedShelf(of feed: Feed) {
    guard !feed.isUpsertShowScheduled else { return }
    feed.isUpsertShowScheduled = true
    let index = feed.index
    DispatchQueue.main.async { [unowned self] in
      MainActor.assumeIsolated {
        let feed = self.feeds[index]
        feed.isUpsertShowScheduled = false
        guard let upserts = feed.upserts else { return }
        // With its rows' revisions: only the rows touched since are converted.
        self.take(
          .success(LoadedCatalog(catalog: upserts.catalog)), from: feed,
          revisions: upserts.revisions
        ) { _ in .streaming("stdin", isOpen: true) }
      }
    }
  }

  /// A new version of `feed` or why it failed: its status says which, its
  /// error (which names it) shows in the message area, and a failure keeps
  /// the last good data on screen.
  private func take(
    _ result: Result<LoadedCatalog, CatalogError>, from feed: Feed,
    revisions: RowRevisions? = nil, status: (_ isValid: Bool) -> SourceStatus
  ) {
    switch result {
    case .success(let loaded):
      feed.status = status(true)
      if let warning = loaded.warningSummary {
        setMessage(.warning("warning: \(warning)"), from: feed.index)
      } else if messageOwner == feed.index {
        screen.message = nil
        messageOwner = nil
      }
      updateStatuses()
      receive(loaded.catalog, revisions: revisions, from: feed)
    case .failure(let error):
      feed.status = status(false)
      setMessage(.error(error.description), from: feed.index)
      updateStatuses()
      loop.setNeedsDraw()
    }
    noteFirst(result, from: feed)
  }

  /// Ends the app when every source, all commands and URLs, has failed at
  /// start (its first run); the message is the first source's error.
  private func noteFirst(_ result: Result<LoadedCatalog, CatalogError>, from feed: Feed) {
    guard var failures = firstFailures else { return }
    guard case .failure(let error) = result else {
      firstFailures = nil
      return
    }
    if failures[feed.index] == nil { failures[feed.index] = error }
    firstFailures = failures
    guard failures.count == feeds.count, let first = failures.min(by: { $0.key < $1.key })
    else { return }
    let failure = AppError(first.value)
    loop.finish(status: failure.exitCode, message: failure.description)
  }

  private func setMessage(_ message: ScreenMessage, from index: Int?) {
    screen.show(message, from: logName(index), at: now())
    messageOwner = index
  }

  /// The name the message log gives source `index` (the app itself for nil).
  private func logName(_ index: Int?) -> String {
    guard let index, feeds.indices.contains(index) else { return "shelf" }
    return statusName(feeds[index])
  }

  /// The wall-clock time of day, as the message log shows it.
  private func now() -> String {
    Self.timeFormatter.string(from: Date())
  }

  private static let timeFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    return formatter
  }()

  /// A new snapshot of `feed` (with its rows' `revisions`, for upserted
  /// records): shown now, or kept while paused.
  private func receive(_ catalog: Catalog, revisions: RowRevisions? = nil, from feed: Feed) {
    if screen.liveStatus == .paused {
      if let old = feed.pending.take() { freer.free(old.catalog) }
      feed.pending = (catalog, revisions)
      loop.setNeedsDraw()
    } else {
      show(catalog, revisions: revisions, from: feed)
    }
  }

  /// Converts `catalog` off the main queue and hands it to the chain; a
  /// source's snapshots arrive in order, and one overtaken by a newer is
  /// skipped. With `revisions`, rows no newer than the shown version's are
  /// taken from it, not converted again.
  private func show(_ catalog: Catalog, revisions: RowRevisions? = nil, from feed: Feed) {
    let namespace = SourceChain.namespace(ofSourceAt: feed.index, in: feeds.map(\.spec))
    feed.converter.convert(catalog, revisions: revisions, namespace: namespace) {
      [unowned self] update in
      chain.update(feed.index, with: update)
      loop.setNeedsDraw()
    }
  }

  /// Shows the snapshots that waited while paused: every source's, or only
  /// the first source's that has one (`.`); true if one was shown.
  @discardableResult
  private func applyPending(all: Bool) -> Bool {
    var applied = false
    for feed in feeds {
      guard let pending = feed.pending.take() else { continue }
      show(pending.catalog, revisions: pending.revisions, from: feed)
      applied = true
      if !all { break }
    }
    return applied
  }

  /// The chain's output changed (a source, or the Tab selection): the screen
  /// animates to it, by the chain's delta when it has one.
  private func chainDidChange(_ change: SourceChange) {
    screen.sourceScope = chain.scope
    screen.setContent(chain.content, delta: change.delta)
    loop.setNeedsDraw()
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
        applyPending(all: true)
      case .off:
        break
      }
      pauseDemoWhenNotLive()
      loop.setNeedsDraw()
    case .stepOnce:
      if let demo {
        if screen.liveStatus != .live { demoSteps += 1 }
        demo.step()
      } else {
        applyPending(all: false)
      }
      loop.setNeedsDraw()
    case .nextSource:
      chain.selectNext()
      loop.setNeedsDraw()
    case .previousSource:
      chain.selectPrevious()
      loop.setNeedsDraw()
    case .redraw:
      loop.setNeedsDraw()
    case .none:
      break
    case .pick:
      let lines = screen.pickedCards.map { options.actions.format.line(for: $0) + "\n" }
      loop.finish(status: 0, output: lines.joined())
    case .cancel:
      loop.finish(status: 1)
    case .copy:
      guard let card = screen.focusedPick else { break }
      loop.backend.copyToClipboard(options.actions.format.line(for: card))
      // Terminals that refuse OSC 52 say nothing: it was sent, no more is known.
      screen.notice = "sent to the clipboard"
      loop.setNeedsDraw()
    case .runBinding(let index):
      run(options.actions.bindings[index])
    }
  }

  // MARK: - Bound commands

  /// The message area's owner while it shows a bound command's failure.
  private static let commandMessageOwner = -1

  /// Runs `binding`'s command on the focused card: with the terminal handed
  /// over, waiting for it, or silently, off the main queue.
  private func run(_ binding: ActionOptions.Binding) {
    guard let card = screen.focusedPick else { return }
    let command = binding.command.command(for: card)
    let text = binding.text
    if binding.isSilent {
      // A thread of its own, not a global queue's: silent commands may
      // overlap, and libdispatch's worker monitor (started by the first
      // global-queue block) would wake the idle app every second after.
      let thread = Thread { [unowned self] in
        let outcome = BoundCommand(command: command, terminal: nil).run()
        DispatchQueue.main.async {
          MainActor.assumeIsolated { self.commandDidEnd(outcome, text: text) }
        }
      }
      thread.name = "shelf.bind"
      thread.start()
      return
    }
    let backend = loop.backend
    let outcome = backend.whileHandedBack {
      BoundCommand(command: command, terminal: backend.outputFileDescriptor).run()
    }
    loop.didHandBackTerminal()
    commandDidEnd(outcome, text: text)
  }

  /// A bound command ended: a failure shows in the message area (replacing
  /// an earlier command's), a success clears an earlier failure.
  private func commandDidEnd(_ outcome: BoundCommand.Outcome, text: String) {
    if let failure = outcome.failureMessage(for: text) {
      setMessage(.error(failure), from: Self.commandMessageOwner)
    } else if messageOwner == Self.commandMessageOwner {
      screen.message = nil
      messageOwner = nil
    }
    loop.setNeedsDraw()
  }

  func eventLoop(_ loop: EventLoop, frameFor size: Size, now: UInt64) -> Canvas {
    let canvas = screen.render(size: size, now: now)
    // The frame shows where the focus is: the preview follows it.
    preview?.follow()
    return canvas
  }

  var stillCovers: [PlacedCover] { screen.stillCovers }

  func eventLoop(_ loop: EventLoop, nextFrameDeadlineAfter now: UInt64) -> UInt64? {
    screen.nextFrameDeadline(now: now)
  }
}
