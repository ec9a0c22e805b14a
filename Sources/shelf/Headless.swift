import Dispatch
import Foundation
import ShelfCatalog
import ShelfContentMapping
import ShelfCovers
import ShelfSources
import ShelfTerminal
import ShelfUI
import Synchronization

/// The commands that need no terminal: `render`, `frames` and `diff`.
@MainActor
enum Headless {
  /// `shelf render`: the first screen as text, its colours as escape
  /// sequences when asked.
  static func render(_ options: RenderOptions) throws(AppError) {
    let budget = MemoryBudget(bytes: options.urlMemory ?? MemoryBudget.defaultBytes)
    let start = try FirstCatalogs(options.sources) { spec throws(AppError) in
      try loadOnce(spec, every: options.every, budget: budget, reading: options.reading)
    }
    warn(about: start)
    if options.isVerbose { sayFormats(of: start.loaded, specs: options.sources) }
    let chain = chain(of: options.sources, showing: start.loaded.map(\.catalog))
    let isColored = hasColor(options.colorMode)
    var configuration = ScreenConfiguration(cards: options.cards)
    configuration.coverLines = options.covers.coverLines(
      showing: start.loaded.map(\.catalog), size: options.size)
    let screen = ShelfScreen(
      content: chain.content, configuration: configuration, updates: .immediate)
    // One frame: each cover converted as it is drawn; a picture that gives
    // none is a warning, and its cards show the placeholder.
    let covers = CoverCache(
      colors: isColored ? .palette256 : .none,
      load: CoverSettings.loader(
        directory: CoverSettings.imageDirectory(of: options.sources),
        cache: CoverSettings.diskCache))
    covers.isSynchronous = true
    covers.onFailure = { line in
      FileHandle.standardError.write(Data("shelf: warning: \(line)\n".utf8))
    }
    if configuration.coverLines > 0 { screen.covers = covers }
    screen.sourceScope = chain.scope
    screen.canSwitchSources = chain.canSwitch
    // The first screen as the live app would show it: the failure's message.
    if let message = start.message { screen.message = .error(message) }
    if let template = options.preview {
      screen.enablePreview(options.previewWindow)
      screen.showPreview { previewOutput(of: template, for: $0) }
    }
    let canvas = screen.render(size: options.size, now: 0)
    let text =
      isColored
      ? options.theme.writer(depth: .palette256).styledText(of: canvas)
      : TextBackend.text(of: canvas)
    writeStandardOutput(text + "\n")
  }

  /// Whether `render` writes colours in `mode`: auto gives them to a
  /// terminal when `NO_COLOR` is unset or empty, and plain text to a file or pipe.
  private static func hasColor(_ mode: ColorMode) -> Bool {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto:
      let isNoColorSet =
        ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
      return !isNoColorSet && isatty(STDOUT_FILENO) == 1
    }
  }

  /// `shelf --filter`: the cards that match, best first, one a line;
  /// whether any did.
  static func filter(_ options: FilterOptions) throws(AppError) -> Bool {
    let start = try FirstCatalogs(options.sources) { spec throws(AppError) in
      try loadOnce(
        spec, every: options.every, budget: MemoryBudget(bytes: MemoryBudget.defaultBytes),
        reading: options.reading)
    }
    warn(about: start)
    if options.isVerbose { sayFormats(of: start.loaded, specs: options.sources) }
    if let warning = options.format.unknownFieldsWarning(
      option: "--print", in: start.loaded.map(\.catalog))
    {
      FileHandle.standardError.write(Data("shelf: warning: \(warning)\n".utf8))
    }
    let chain = chain(of: options.sources, showing: start.loaded.map(\.catalog))
    // The catalogs are read no more: freed on a worker while the cards are
    // scored, not by the main thread first (a million cards' catalog took it
    // a tenth of a second, the other cores idle).
    FreedAside(consume start).free()
    let format = options.format
    let matches = chain.content.rankedMatchLines(of: options.query, isExact: options.isExact) {
      format.appendLine(for: $0, to: &$1)
    }
    for chunk in matches.chunks { writeStandardOutput(bytes: chunk) }
    // The process ends next: the chain is left to it, not freed a card at
    // a time (tens of milliseconds for a million).
    _ = Unmanaged.passRetained(LeftAtExit(chain))
    return matches.count > 0
  }

  /// Says on stderr which sources failed while others loaded: the command
  /// goes on with what loaded, as the live screen does.
  static func warn(about start: FirstCatalogs) {
    for failure in start.failures {
      FileHandle.standardError.write(
        Data("shelf: warning: \(failure.error); shown without it\n".utf8))
    }
  }

  /// The chain of `specs` showing `catalogs` (one each).
  static func chain(of specs: [SourceSpec], showing catalogs: [Catalog]) -> SourceChain {
    let contents = catalogs.indices.map { index in
      ShelfContent(
        catalogs[index], namespace: SourceChain.namespace(ofSourceAt: index, in: specs))
    }
    return SourceChain(specs: specs, contents: contents)
  }

  /// The catalog `spec` gives once: a file read, a command run, a URL fetched
  /// (its body held in `budget`, which the run's URL sources share).
  static func loadOnce(
    _ spec: SourceSpec, every: Duration?, budget: MemoryBudget,
    reading: CatalogReading = .shelfDefault
  ) throws(AppError) -> LoadedCatalog {
    switch spec {
    case .bundled: return try load(nil)
    case .catalog(let path): return try load(path, reading: reading)
    case .watch(let path): return try load(path, regularFileOnly: true, reading: reading)
    case .stream:
      throw .usage("a command that draws once reads no stdin stream: give it --catalog FILE")
    case .exec(let command):
      return try reportingWarnings(
        runOnce(command, timeout: every ?? spec.defaultInterval, reading: reading))
    case .sqlite(let path, let query):
      do {
        return try reportingWarnings(
          SQLiteSource.loadOnce(path: path, query: query, mapping: reading.mapping))
      } catch {
        throw AppError(error)
      }
    case .url(let url):
      do {
        // As a polled fetch: 10 s, or the interval if shorter, for all of it.
        let timeout = min(.seconds(10), every ?? spec.defaultInterval)
        return try reportingWarnings(
          URLSource.fetchOnce(url: url, timeout: timeout, budget: budget, reading: reading))
      } catch {
        throw AppError(error)
      }
    }
  }

  /// Runs `command` once, as `--exec` does, for at most `timeout`.
  private static func runOnce(_ command: String, timeout: Duration, reading: CatalogReading)
    throws(AppError) -> LoadedCatalog
  {
    let source = ExecSource(command: command, interval: timeout, reading: reading)
    let outcome = Mutex<Result<LoadedCatalog, CatalogError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    source.start(queue: DispatchQueue.global()) { result in
      outcome.withLock { $0 = $0 ?? result }
      done.signal()
    }
    done.wait()
    source.stop()
    source.waitUntilIdle()
    do {
      return try outcome.withLock { $0! }.get()
    } catch {
      throw AppError(error)
    }
  }

  /// Whether every repeated id is listed on stderr (`--verbose`), not only
  /// how many there are. Set once, from the command line, before any catalog
  /// is read.
  nonisolated(unsafe) static var listsEveryWarning = false

  /// Prints `loaded`'s warnings on stderr, one line unless
  /// `listsEveryWarning`, and passes it on.
  private static func reportingWarnings(_ loaded: LoadedCatalog) -> LoadedCatalog {
    var lines = loaded.warningLines
    if !listsEveryWarning, let summary = loaded.warningSummary, lines.count > 1 {
      lines = [summary + "; --verbose lists them"]
    }
    for line in lines {
      FileHandle.standardError.write(Data("shelf: warning: \(line)\n".utf8))
    }
    return loaded
  }

  /// `shelf frames`: the animation from A to B, as text frames separated by a
  /// form feed line, or as an asciicast.
  static func frames(_ options: FramesOptions) throws(AppError) {
    let first = try load(options.fromPath)
    let second = try load(options.toPath)
    // A or B failing is the command's error; another source's is a warning.
    let others =
      options.others.isEmpty
      ? nil
      : try FirstCatalogs(options.others, othersLoaded: true) { spec throws(AppError) in
        try loadOnce(
          spec, every: options.every,
          budget: MemoryBudget(bytes: options.urlMemory ?? MemoryBudget.defaultBytes))
      }
    if let others { warn(about: others) }
    let specs = [SourceSpec.catalog(options.fromPath)] + options.others
    let chain = chain(
      of: specs, showing: [first.catalog] + (others?.loaded ?? []).map(\.catalog))
    let before = chain.content
    chain.update(
      0,
      with: ShelfContent(
        second.catalog, namespace: SourceChain.namespace(ofSourceAt: 0, in: specs)))
    var configuration = ScreenConfiguration()
    if let milliseconds = options.animationMilliseconds {
      configuration.animationDuration = UInt64(milliseconds)
    }
    configuration.reducedMotion = options.isReducedMotion
    configuration.cards = options.cards
    let preview = options.preview.map { template in
      (window: options.previewWindow, output: { previewOutput(of: template, for: $0) })
    }
    let frames = ShelfScreen.timedFrames(
      from: before, to: chain.content, size: options.size,
      framesPerSecond: options.framesPerSecond, configuration: configuration,
      sourceScope: chain.scope, canSwitchSources: chain.canSwitch, focusStays: true,
      preview: preview)
    switch options.format {
    case .text:
      writeStandardOutput(TextBackend.transcript(of: frames.map(\.canvas)) + "\n")
    case .asciicast:
      var cast = Asciicast(
        size: options.size, colorMode: options.colorMode, theme: options.theme,
        environment: ProcessInfo.processInfo.environment)
      for frame in frames { cast.add(frame.canvas, at: frame.time) }
      writeStandardOutput(cast.text)
    }
  }

  /// How long `render` and `frames` wait for `--preview`'s command.
  nonisolated static let previewSeconds = 10

  /// What `--preview`'s `template` prints for `card`, as the live pane
  /// would show it: run at once, as a headless screen has no time to wait
  /// in, and stopped (its whole session killed) after `previewSeconds`.
  static func previewOutput(of template: CardTemplate, for card: PickedCard) -> PreviewOutput {
    let command = PreviewCommand(command: template.command(for: card))
    let deadline = DispatchWorkItem { command.stop() }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + .seconds(previewSeconds), execute: deadline)
    defer { deadline.cancel() }
    guard
      let ending = command.run(
        byteLimit: PreviewText.byteLimit, lineLimit: PreviewText.lineLimit)
    else {
      return .failed("stopped after \(previewSeconds) s", .empty)
    }
    return PreviewDriver.output(of: ending)
  }

  /// `shelf diff`: the row and card changes from A to B as JSON.
  static func diff(from: String, to: String) throws(AppError) {
    let first = try load(from)
    let second = try load(to)
    writeStandardOutput(CatalogDiff(from: first.catalog, to: second.catalog).json)
  }

  /// Loads the catalog at `path` (the bundled one for nil), printing its
  /// warnings on stderr; `regularFileOnly` refuses a FIFO, device or socket.
  static func load(
    _ path: String?, regularFileOnly: Bool = false, reading: CatalogReading = .shelfDefault
  ) throws(AppError) -> LoadedCatalog {
    try loadPrintingWarnings { () throws(CatalogError) in
      if let path {
        try CatalogLoader.load(
          contentsOf: path, regularFileOnly: regularFileOnly, reading: reading)
      } else {
        try CatalogLoader.bundled()
      }
    }
  }

  /// Loads the file `watcher` watches as it is now (the watcher keeps its
  /// cards for the next version), printing its warnings on stderr.
  static func load(watching watcher: CatalogFileWatcher) throws(AppError) -> LoadedCatalog {
    try loadPrintingWarnings { () throws(CatalogError) in try watcher.loadCurrentVersion() }
  }

  /// What `load` gives, its warnings printed on stderr; its error as the app's.
  private static func loadPrintingWarnings(
    _ load: () throws(CatalogError) -> LoadedCatalog
  ) throws(AppError) -> LoadedCatalog {
    let loaded: LoadedCatalog
    do {
      loaded = try load()
    } catch {
      throw AppError(error)
    }
    return reportingWarnings(loaded)
  }

  /// Says on stderr, for `--verbose`, the format each of `loaded` was read in.
  static func sayFormats(of loaded: [LoadedCatalog], specs: [SourceSpec]) {
    for (spec, catalog) in zip(specs, loaded) where !catalog.formatReason.isEmpty {
      let name = TerminalText.sanitized(spec.name)
      let count = catalog.catalog.cardCount
      let cards = "\(count) card" + (count == 1 ? "" : "s")
      FileHandle.standardError.write(
        Data(
          "shelf: \(name): read as \(catalog.format.rawValue) (\(catalog.formatReason)), \(cards)\n"
            .utf8))
    }
  }

  /// Writes `text` to stdout. A reader that went away (`| head`) ends the
  /// process as SIGPIPE would, quietly with 141; any other failure (a full
  /// disk, a closed descriptor) is one line on stderr and exit 74. FileHandle
  /// would trap on both.
  static func writeStandardOutput(_ text: String) {
    writeStandardOutput(bytes: Array(text.utf8))
  }

  /// Writes `bytes` to stdout whole (`writeStandardOutput(_:)`).
  static func writeStandardOutput(bytes text: [UInt8]) {
    var failure: Int32 = 0
    text.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == EPIPE { exit(128 + SIGPIPE) }
    if failure != 0 {
      Shelf.fail(.io("cannot write to stdout: \(String(cString: strerror(failure)))"))
    }
  }
}

extension AppError {
  /// A catalog that could not be loaded, with its own exit code.
  init(_ error: CatalogError) {
    switch error.exitCode {
    case 64: self = .usage(error.description)
    case 66: self = .missingInput(error.description)
    case 69: self = .unavailable(error.description)
    case 74: self = .io(error.description)
    default: self = .badData(error.description)
    }
  }
}

/// A value freed on a worker thread, rather than on the main thread while
/// the other cores wait.
private final class FreedAside<Value>: @unchecked Sendable {
  // Unchecked: only `free()` reads or writes it, once, on the worker.
  private var value: Value?

  init(_ value: consuming Value) { self.value = value }

  /// Frees the value on a worker thread, soon.
  func free() {
    DispatchQueue.global(qos: .utility).async { self.value = nil }
  }
}

/// Values the process keeps until it ends, rather than free them piece by
/// piece just before it does.
private final class LeftAtExit<Value> {
  let value: Value

  init(_ value: Value) { self.value = value }
}
