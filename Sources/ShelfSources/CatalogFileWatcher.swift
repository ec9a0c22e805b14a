import Dispatch
import ShelfCatalog
import ShelfDiff

#if canImport(Glibc)
  import Glibc
#endif

/// Watches a catalog file for `shelf --watch` and delivers every new version,
/// or why it is not a catalog, on a queue.
///
/// It watches the file's folder with inotify, so a file replaced atomically
/// (written beside it, then renamed over it) is seen as well as one edited in
/// place; where inotify is not available it compares the file's status on a
/// timer. Changes are debounced (a file renamed over it is read at once), and
/// a file still changing while it is read (growing as another program writes
/// it) is read again once it settles. A deleted, truncated or invalid file gives an error, and so does a path that
/// became a FIFO, a device or a socket ("not a regular file": nothing waits on
/// it); the next good version gives a catalog. The same content twice is
/// delivered once.
public final class CatalogFileWatcher: LiveSource {
  /// How changes are noticed.
  public enum Mode: Sendable {
    /// inotify on the file's folder, falling back to polling if that fails.
    case automatic
    /// Compare the file's status every `pollInterval`.
    case polling
  }

  private struct State: @unchecked Sendable {
    // Dispatch objects are thread-safe; they are only touched on `work`.
    var sources: [any DispatchSourceProtocol] = []
    var pendingReload: DispatchWorkItem?
    var lastDelivered: Delivered?
    var lastSignature: FileSignature?
    /// The file's status when `loadCurrentVersion()` read it, if it did not
    /// change during the read: what `start` compares the file with once its
    /// watch is in place.
    var loadedSignature: FileSignature?
    var unsettledReads = 0
    var isStopped = false
    /// The last delivered version's cards, for the next to reuse.
    var cards: CardReuse?
    /// The cards before those, let go of once the version that replaced
    /// them is on its way (a million cards take a while to let go of).
    var retiredCards: CardReuse?
  }

  private enum Delivered: Equatable {
    case bytes(count: Int, fingerprint: UInt64)
    case error(CatalogError)
  }

  /// The path being watched.
  public let path: String
  private let limits: CatalogLimits
  private let reading: CatalogReading
  private let debounce: DispatchTimeInterval
  private let pollInterval: DispatchTimeInterval
  private let mode: Mode
  private let work = DispatchQueue(label: "shelf.watch")
  private let state = Locked(State())
  private let keeper = SourceStatusKeeper()

  /// The path being watched, as messages name it.
  public var name: String { path }

  /// How the last version delivered (or loaded) went.
  public var status: LiveSourceStatus { keeper.status }

  /// A watcher of the catalog at `path`: changes are read `debounceMilliseconds`
  /// after the last event; polling (the fallback, or `mode: .polling`) looks
  /// every `pollMilliseconds`.
  public init(
    path: String, limits: CatalogLimits = .default, debounceMilliseconds: Int = 100,
    pollMilliseconds: Int = 500, mode: Mode = .automatic, reading: CatalogReading = .automatic
  ) {
    self.reading = reading
    self.path = path
    self.limits = limits
    debounce = .milliseconds(debounceMilliseconds)
    pollInterval = .milliseconds(pollMilliseconds)
    self.mode = mode
  }

  /// Starts watching; `handler` runs on `queue` for each new version, first for
  /// the file as it is now.
  public func start(
    queue: DispatchQueue,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    start(queue: queue, deliversInitialVersion: true, handler: handler)
  }

  /// Starts watching; `handler` runs on `queue` for each new version, first for
  /// the file as it is now when `deliversInitialVersion`.
  public func start(
    queue: DispatchQueue, deliversInitialVersion: Bool,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    let handler = keeper.noting(handler)
    work.async { [self] in
      let deliver: @Sendable (Result<LoadedCatalog, CatalogError>) -> Void = { result in
        queue.async { [self] in
          if !state.withLock({ $0.isStopped }) { handler(result) }
        }
      }
      if mode == .polling || !startInotify(deliver: deliver) {
        startPolling(deliver: deliver)
      }
      // The watch is in place: a change from here on is an event. One made
      // since `loadCurrentVersion()` read the file is not, so the file is
      // compared with what that read and read again if it differs.
      let signature = FileSignature(path: path)
      let isLoaded = state.withLock { state -> Bool in
        defer { state.loadedSignature = nil }
        return !deliversInitialVersion && state.loadedSignature == signature
      }
      if isLoaded {
        state.withLock { $0.lastSignature = signature }
      } else {
        reload(deliver: deliver)
      }
    }
  }

  /// Loads the file as it is now, as `CatalogLoader.load(contentsOf:limits:regularFileOnly:)`
  /// does, for a caller that shows it before starting the watcher with
  /// `deliversInitialVersion: false`: its cards are kept, so the next
  /// version's unchanged cards need not be decoded again, and `start` delivers
  /// the file if it changed since this read it.
  public func loadCurrentVersion() throws(CatalogError) -> LoadedCatalog {
    let before = FileSignature(path: path)
    let read = Result { () throws(CatalogError) in
      try FileReader.read(path: path, limit: limits.maximumFileSize, regularFileOnly: true)
    }
    let after = FileSignature(path: path)
    defer { state.withLock { $0.retiredCards = nil } }
    let result = read.flatMap { bytes in Result { () throws(CatalogError) in try load(bytes) } }
    let delivered: Delivered
    switch (read, result) {
    case (.success(let bytes), .success):
      delivered = .bytes(
        count: bytes.count, fingerprint: bytes.withUnsafeBytes { ContentFingerprint.of($0) })
    case (_, .failure(let error)): delivered = .error(error)
    case (.failure(let error), _): delivered = .error(error)
    }
    state.withLock { state in
      // A file that changed while it was read is read again at `start`.
      state.loadedSignature = before == after ? after : nil
      state.lastDelivered = delivered
    }
    keeper.note(result.map { $0 })
    return try result.get()
  }

  /// Stops watching; no handler runs after this returns, except one already running.
  public func stop() {
    let sources = state.withLock { state -> [any DispatchSourceProtocol] in
      state.isStopped = true
      state.pendingReload?.cancel()
      defer { state.sources = [] }
      return state.sources
    }
    for source in sources { source.cancel() }
  }

  // MARK: - Noticing changes

  private func startInotify(
    deliver: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) -> Bool {
    #if canImport(Glibc)
      let descriptor = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
      guard descriptor >= 0 else { return false }
      let (folder, name) = Self.split(path)
      // Modify, attrib, close-write, moved from/to, create, delete, delete-self, move-self.
      let mask: UInt32 = 0x2 | 0x4 | 0x8 | 0x40 | 0x80 | 0x100 | 0x200 | 0x400 | 0x800
      guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
        close(descriptor)
        return false
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: work)
      source.setEventHandler { [self] in
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var relevant = false
        var renamedOver = false
        var folderGone = false
        while true {
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
          if count <= 0 { break }
          var offset = 0
          // struct inotify_event: wd (4), mask (4), cookie (4), len (4), name[len].
          while offset + 16 <= count {
            let eventMask = buffer.withUnsafeBytes {
              $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            }
            let length = Int(
              buffer.withUnsafeBytes {
                $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
              })
            let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix {
              $0 != 0
            }
            // Queue overflow: anything may have changed.
            if eventMask & 0x4000 != 0 { relevant = true }
            // The folder was deleted or moved, or the watch was removed.
            if eventMask & (0x400 | 0x800 | 0x8000) != 0 { folderGone = true }
            if String(decoding: nameBytes, as: UTF8.self) == name {
              relevant = true
              // Moved to: a file written beside and renamed over, as editors save.
              if eventMask & 0x80 != 0 { renamedOver = true }
            }
            offset += 16 + length
          }
        }
        if folderGone {
          // The folder itself went away or moved: watch by polling from now on.
          source.cancel()
          startPolling(deliver: deliver)
          relevant = true
        }
        // A file renamed into place is complete: read it now, not after the
        // debounce (events that follow schedule another, debounced, read).
        if relevant { scheduleReload(deliver: deliver, immediately: renamedOver && !folderGone) }
      }
      source.setCancelHandler { close(descriptor) }
      state.withLock { $0.sources.append(source) }
      source.resume()
      return true
    #else
      return false
    #endif
  }

  private func startPolling(
    deliver: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    let timer = DispatchSource.makeTimerSource(queue: work)
    timer.schedule(deadline: .now() + pollInterval, repeating: pollInterval)
    timer.setEventHandler { [self] in
      let signature = FileSignature(path: path)
      let changed = state.withLock { state -> Bool in
        guard signature != state.lastSignature else { return false }
        state.lastSignature = signature
        return true
      }
      if changed { scheduleReload(deliver: deliver) }
    }
    state.withLock { $0.sources.append(timer) }
    timer.resume()
  }

  private func scheduleReload(
    deliver: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void,
    immediately: Bool = false
  ) {
    let item = DispatchWorkItem { [self] in reload(deliver: deliver) }
    let isStopped = state.withLock { state -> Bool in
      state.pendingReload?.cancel()
      state.pendingReload = item
      return state.isStopped
    }
    if isStopped { return }
    if immediately {
      work.async(execute: item)
    } else {
      work.asyncAfter(deadline: .now() + debounce, execute: item)
    }
  }

  // MARK: - Reading

  /// Reads the file; delivers its catalog or error unless it is the same as
  /// last time, or the file changed while it was read (then reads again later).
  /// Only settled bytes that differ from the last delivered ones are parsed.
  private func reload(deliver: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void) {
    let before = FileSignature(path: path)
    let read = Result { () throws(CatalogError) in
      try FileReader.read(path: path, limit: limits.maximumFileSize, regularFileOnly: true)
    }
    let after = FileSignature(path: path)
    let settled = state.withLock { state -> Bool in
      state.lastSignature = after
      if before != after, state.unsettledReads < 20 {
        state.unsettledReads += 1
        return false
      }
      state.unsettledReads = 0
      return true
    }
    guard settled else {
      scheduleReload(deliver: deliver)
      return
    }
    let result: Result<LoadedCatalog, CatalogError>
    let delivered: Delivered
    switch read {
    case .success(let bytes):
      let signature = Delivered.bytes(
        count: bytes.count, fingerprint: bytes.withUnsafeBytes { ContentFingerprint.of($0) })
      // The same bytes parse to the same catalog: it was delivered already.
      guard state.withLock({ $0.lastDelivered != signature }) else { return }
      result = Result { () throws(CatalogError) in try load(bytes) }
      switch result {
      case .success: delivered = signature
      case .failure(let error): delivered = .error(error)
      }
    case .failure(let error):
      result = .failure(error)
      delivered = .error(error)
    }
    let isNew = state.withLock { state -> Bool in
      guard state.lastDelivered != delivered else { return false }
      state.lastDelivered = delivered
      return true
    }
    if isNew { deliver(result) }
    let retired = state.withLock { $0.retiredCards.take() }
    withExtendedLifetime(retired) {}
  }

  /// Loads `bytes` reusing the cards of the version before, and keeps this
  /// version's cards in their place.
  private func load(_ bytes: [UInt8]) throws(CatalogError) -> LoadedCatalog {
    let before = state.withLock { $0.cards }
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogError) in
        try CatalogLoader.loadReusingCards(
          buffer: buffer, source: .file(path), limits: limits,
          threads: CatalogLoader.threads(forSize: buffer.count), from: before, keepsCards: true,
          reading: reading)
      }
    }
    let loaded = try result.get()
    state.withLock { state in
      state.retiredCards = state.cards
      state.cards = loaded.cards
    }
    return loaded.loaded
  }

  /// The folder to watch and the file's name in it.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }
}

/// What `stat` says about a file, enough to notice that it changed.
struct FileSignature: Equatable, Sendable {
  var exists: Bool
  var device: UInt64 = 0
  var inode: UInt64 = 0
  var size: Int64 = 0
  var modified: Int64 = 0
  var changed: Int64 = 0

  init(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      exists = false
      return
    }
    exists = true
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
  }
}
