import Foundation
import ShelfCatalog
import ShelfSources
import Testing

/// A watcher's deliveries as `rows [ids]` or `error <code> <problem>`.
private func watcherDeliveries() -> SourceDeliveries {
  SourceDeliveries {
    switch $0 {
    case .success(let loaded): "rows \(loaded.catalog.rows.map(\.id))"
    case .failure(let error): "error \(error.exitCode) \(error.problem)"
    }
  }
}

private func catalogJSON(_ rows: String...) -> String {
  #"{"rows": ["# + rows.map { #"{"id": "\#($0)", "title": "\#($0)"}"# }.joined(separator: ", ")
    + "]}"
}

/// A new empty folder for one test; the caller removes it.
private func makeFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "shelf-watch-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// A watcher of `file` checking every 20 ms, started, with what it delivers.
private func startWatching(
  _ file: URL, mode: CatalogFileWatcher.Mode = .automatic
) -> (CatalogFileWatcher, SourceDeliveries) {
  let deliveries = watcherDeliveries()
  let watcher = CatalogFileWatcher(
    path: file.path, debounceMilliseconds: 20, pollMilliseconds: 20, mode: mode)
  watcher.start(queue: DispatchQueue(label: "watch-test")) { deliveries.continuation.yield($0) }
  return (watcher, deliveries)
}

/// Writes `text` beside `url` and renames it over `url`, as editors and tools do.
private func replaceAtomically(_ url: URL, with text: String) throws {
  let temporary = url.deletingLastPathComponent().appendingPathComponent(
    ".tmp-\(UUID().uuidString)")
  try Data(text.utf8).write(to: temporary)
  #expect(rename(temporary.path, url.path) == 0)
}

@Test func loadingAFileToWatchRefusesAFIFOWithoutWaitingForAWriter() throws {
  let folder = try makeFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let fifo = folder.appendingPathComponent("fifo.json").path
  #expect(mkfifo(fifo, 0o600) == 0)
  let error = #expect(throws: CatalogError.self) {
    try CatalogLoader.load(contentsOf: fifo, regularFileOnly: true)
  }
  #expect(error?.description == "\(fifo): not a regular file (a FIFO)")
  #expect(error?.exitCode == 66)
}

/// The watcher, which reads and parses on its own queue.
@Suite struct CatalogFileWatcherConcurrencyTests {
  /// A watched path that becomes a FIFO (or a socket) is reported at once as
  /// "not a regular file" instead of blocking the watcher in `open` waiting for
  /// a writer; a good file renamed over it, or written where it was, is
  /// picked up.
  @Test(arguments: [CatalogFileWatcher.Mode.automatic, .polling])
  func aPathThatBecomesAFIFOOrSocketIsReportedAndAGoodFileIsPickedUp(
    mode: CatalogFileWatcher.Mode
  ) async throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("catalog.json")
    try Data(catalogJSON("a").utf8).write(to: file)
    let (watcher, deliveries) = startWatching(file, mode: mode)
    defer { watcher.stop() }
    #expect(await deliveries.next() == #"rows ["a"]"#)

    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o600) == 0)
    // The deletion may be seen before the FIFO appears.
    var next = await deliveries.next()
    if next == "error 66 no such file" { next = await deliveries.next() }
    #expect(next == "error 66 not a regular file (a FIFO)")
    try replaceAtomically(file, with: catalogJSON("b"))
    #expect(await deliveries.next() == #"rows ["b"]"#)

    try FileManager.default.removeItem(at: file)
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(socket >= 0)
    defer { close(socket) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { path in
      for (index, byte) in file.path.utf8.enumerated() where index < path.count - 1 {
        path[index] = byte
      }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    next = await deliveries.next()
    if next == "error 66 no such file" { next = await deliveries.next() }
    #expect(next == "error 66 not a regular file (a socket)")
    try FileManager.default.removeItem(at: file)
    try Data(catalogJSON("c").utf8).write(to: file)
    var last = await deliveries.next()
    if last == "error 66 no such file" { last = await deliveries.next() }
    // Created empty, then filled: read between the two on a loaded machine.
    if last == "error 65 the file is empty" { last = await deliveries.next() }
    #expect(last == #"rows ["c"]"#)
  }

  @Test(arguments: [CatalogFileWatcher.Mode.automatic, .polling])
  func watcherFollowsEditsReplacementsDeletionsAndTruncation(mode: CatalogFileWatcher.Mode)
    async throws
  {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("catalog.json")
    try Data(catalogJSON("a").utf8).write(to: file)

    let (watcher, deliveries) = startWatching(file, mode: mode)
    defer { watcher.stop() }

    #expect(await deliveries.next() == #"rows ["a"]"#)
    try replaceAtomically(file, with: "{\"rows\": [")
    #expect(
      await deliveries.next()
        == "error 65 expected an object for a row, found the end of the input")
    try replaceAtomically(file, with: catalogJSON("b", "c"))
    #expect(await deliveries.next() == #"rows ["b", "c"]"#)
    try FileManager.default.removeItem(at: file)
    #expect(await deliveries.next() == "error 66 no such file")
    // Written in place: created empty, then filled. On a loaded machine the
    // watcher can read it between the two, once the file has settled.
    try Data(catalogJSON("d").utf8).write(to: file)
    var next = await deliveries.next()
    if next == "error 65 the file is empty" { next = await deliveries.next() }
    #expect(next == #"rows ["d"]"#)
    #expect(truncate(file.path, 0) == 0)
    next = await deliveries.next()
    #expect(next == "error 65 the file is empty")
    // Edited in place, not replaced.
    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: Data(catalogJSON("e").utf8))
    try handle.close()
    next = await deliveries.next()
    #expect(next == #"rows ["e"]"#)
  }
  @Test func watcherReportsAMissingFileAndPicksItUpWhenItAppears() async throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("later.json")
    let (watcher, deliveries) = startWatching(file)
    defer { watcher.stop() }
    #expect(await deliveries.next() == "error 66 no such file")
    try replaceAtomically(file, with: catalogJSON("x"))
    #expect(await deliveries.next() == #"rows ["x"]"#)
  }
  @Test func aFileCaughtHalfWrittenIsAnErrorUntilItIsComplete() async throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("growing.json")
    let text = catalogJSON("g1", "g2")
    let half = text.utf8.count / 2
    try Data(text.utf8.prefix(half)).write(to: file)
    let (watcher, deliveries) = startWatching(file)
    defer { watcher.stop() }
    #expect(await deliveries.next().hasPrefix("error 65 "))
    let handle = try FileHandle(forWritingTo: file)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8.dropFirst(half)))
    try handle.close()
    #expect(await deliveries.next() == #"rows ["g1", "g2"]"#)
  }
}

extension CatalogFileWatcherConcurrencyTests {
  /// A save between `loadCurrentVersion()` and the watch being in place is
  /// neither an event nor (before the fix) a change of the status `start`
  /// recorded: the watcher compares the file with what the load read.
  @Test func aSaveBetweenLoadingAndStartingIsDelivered() async throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("catalog.json")
    try Data(catalogJSON("old").utf8).write(to: file)
    let deliveries = watcherDeliveries()
    let watcher = CatalogFileWatcher(path: file.path, debounceMilliseconds: 20)
    #expect(try watcher.loadCurrentVersion().catalog.rows.map(\.id) == ["old"])
    try replaceAtomically(file, with: catalogJSON("new"))
    watcher.start(
      queue: DispatchQueue(label: "watch-test"), deliversInitialVersion: false,
      handler: deliveries.handler)
    defer { watcher.stop() }
    #expect(await deliveries.next() == #"rows ["new"]"#)
  }

  /// An unchanged file is not delivered again at `start`, a good version or
  /// an error: the screen and the message log have it already.
  @Test func anUnchangedFileIsNotDeliveredAgainAtStart() async throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("catalog.json")
    for text in [catalogJSON("same"), "{\"rows\": ["] {
      try Data(text.utf8).write(to: file)
      let deliveries = watcherDeliveries()
      let watcher = CatalogFileWatcher(path: file.path, debounceMilliseconds: 20)
      _ = try? watcher.loadCurrentVersion()
      watcher.start(
        queue: DispatchQueue(label: "watch-test"), deliversInitialVersion: false,
        handler: deliveries.handler)
      defer { watcher.stop() }
      try replaceAtomically(file, with: catalogJSON("next"))
      #expect(await deliveries.next() == #"rows ["next"]"#)
    }
  }
}

extension CatalogFileWatcherConcurrencyTests {
  /// A watcher started after `loadCurrentVersion()` delivers each change as a
  /// fresh load gives it, its unchanged cards reused from the version before
  /// (a bad version between them changes nothing of that).
  @Test func watcherDeliversWhatAFreshLoadGivesAfterLoadingTheFirstVersion() async throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("catalog.json")
    func version(_ titles: [String]) -> String {
      let cards = titles.enumerated().map {
        #"{"id": "c\#($0.offset)", "title": "\#($0.element)"}"#
      }
      return #"{"rows": [{"id": "r", "title": "R", "items": [\#(cards.joined(separator: ", "))]}]}"#
    }
    let versions = [
      version(["a", "b", "c", "d"]), version(["a", "B", "c", "d"]), "{\"rows\": [",
      version(["a", "B", "d", "c", "e"]), version(["a", "B", "d", "c", "e", "e"]),
    ]
    try Data(versions[0].utf8).write(to: file)
    let deliveries = SourceDeliveries {
      switch $0 {
      case .success(let loaded): "\(loaded.catalog) \(loaded.warnings.map(\.description))"
      case .failure(let error): "error \(error.exitCode) \(error)"
      }
    }
    let watcher = CatalogFileWatcher(path: file.path, debounceMilliseconds: 20)
    let first = try watcher.loadCurrentVersion()
    #expect(first == (try CatalogLoader.load(contentsOf: file.path)))
    watcher.start(queue: DispatchQueue(label: "watch-test"), deliversInitialVersion: false) {
      deliveries.continuation.yield($0)
    }
    defer { watcher.stop() }
    for text in versions.dropFirst() {
      try replaceAtomically(file, with: text)
      let expected: String
      do {
        let loaded = try CatalogLoader.load(contentsOf: file.path)
        expected = "\(loaded.catalog) \(loaded.warnings.map(\.description))"
      } catch {
        expected = "error \(error.exitCode) \(error)"
      }
      #expect(await deliveries.next() == expected)
    }
  }
}
