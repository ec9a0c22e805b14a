import Dispatch
import Foundation
import ShelfCatalog
import ShelfDiff

#if canImport(Glibc)
  import Glibc
#endif

/// Reads one catalog per line (NDJSON) from a file descriptor, such as
/// standard input for `shelf --stream`, and delivers each on a queue.
///
/// A bad line is reported (`stdin, line 7, column 12: ...`) and skipped; a
/// line longer than the limit is dropped as it arrives, so memory stays
/// bounded; the end of input (closed stdin, or a last line without a line
/// break) ends the stream. When the receiver falls behind, catalogs not yet
/// delivered are replaced by newer ones (errors are kept, the newest 16).
public final class CatalogStreamReader: LiveSource {
  /// What the stream delivers, in order.
  public enum Event: Sendable {
    /// A catalog read from the line numbered `line`.
    case catalog(LoadedCatalog, line: Int)
    /// A line that is not a catalog, or a read error; the stream goes on after a bad line.
    case failure(CatalogError)
    /// The input ended; nothing follows.
    case end
  }

  private struct Mailbox {
    var pending: [Event] = []
    var isScheduled = false
    var isStopped = false
  }

  private let descriptor: Int32
  /// The stream as messages name it: `stdin`.
  public let name: String
  private let limits: CatalogLimits
  private let catalogReading: CatalogReading
  private let maximumLineLength: Int
  private let coalesces: Bool
  private let mailbox = Locked(Mailbox())
  private let reading = DispatchGroup()
  private let keeper = SourceStatusKeeper()

  /// A reader of `fileDescriptor`, named `name` in messages, with lines of at
  /// most `maximumLineLength` bytes (default 64 MiB). With `coalesces`, a
  /// catalog still waiting for the receiver is dropped when a newer one arrives.
  public init(
    fileDescriptor: Int32 = 0, name: String = "stdin", limits: CatalogLimits = .default,
    maximumLineLength: Int = 64 << 20, coalesces: Bool = true,
    reading: CatalogReading = .automatic
  ) {
    self.catalogReading = reading
    descriptor = fileDescriptor
    self.name = name
    self.limits = limits
    self.maximumLineLength = maximumLineLength
    self.coalesces = coalesces
  }

  /// How the last line delivered went, or whether input ended.
  public var status: LiveSourceStatus { keeper.status }

  /// Starts reading on a thread of its own; `handler` runs on `queue` for
  /// each line's catalog or failure (the end of input only ends `status`).
  public func start(
    queue: DispatchQueue,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    start(
      queue: queue,
      events: { event in
        switch event {
        case .catalog(let loaded, _): handler(.success(loaded))
        case .failure(let error): handler(.failure(error))
        case .end: break
        }
      })
  }

  /// Starts reading on a thread of its own; `events` runs on `queue` for every event.
  public func start(queue: DispatchQueue, events handler: @escaping @Sendable (Event) -> Void) {
    let keeper = keeper
    let handler: @Sendable (Event) -> Void = { event in
      switch event {
      case .catalog(let loaded, _): keeper.note(.success(loaded))
      case .failure(let error): keeper.note(.failure(error))
      case .end: keeper.end()
      }
      handler(event)
    }
    reading.enter()
    let thread = Thread { [self] in
      self.run { event in self.post(event, queue: queue, handler: handler) }
      self.reading.leave()
    }
    thread.name = "shelf.stream"
    thread.start()
  }

  /// Waits until the reading thread has read to the end of input and posted
  /// every event (not until the handler has run); false on timeout. For tests.
  package func waitUntilRead(timeoutSeconds: Double) -> Bool {
    reading.wait(timeout: .now() + timeoutSeconds) == .success
  }

  /// Stops delivering events; the reading thread ends at its next read.
  public func stop() {
    mailbox.withLock {
      $0.isStopped = true
      $0.pending = []
    }
  }

  /// Reads to the end of input, calling `emit` for every event, on the calling thread.
  package func run(emit: (Event) -> Void) {
    var splitter = NDJSONLineSplitter(maximumLineLength: maximumLineLength)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while !mailbox.withLock({ $0.isStopped }) {
      let count = buffer.withUnsafeMutableBufferPointer { readSome(into: $0) }
      if count < 0 {
        let code = errno
        if code == EAGAIN || code == EWOULDBLOCK {
          waitUntilReadable()
          continue
        }
        emit(
          .failure(
            CatalogError(
              .ioFailure, source: .named(name),
              problem: "read error: \(FileReader.describe(code))")))
        break
      }
      if count == 0 { break }
      let lines = buffer.withUnsafeBufferPointer {
        splitter.feed(UnsafeBufferPointer(rebasing: $0[0..<count]))
      }
      for line in lines { emit(event(for: line)) }
    }
    if let last = splitter.finish() { emit(event(for: last)) }
    emit(.end)
  }

  /// The event for one line: its catalog, or why it is not one.
  package func event(for line: NDJSONLineSplitter.Line) -> Event {
    let source = CatalogSource.streamLine(line.number, stream: name)
    switch line {
    case .complete(_, let bytes), .unterminated(_, let bytes):
      do {
        return .catalog(
          try CatalogLoader.load(
            bytes: bytes, source: source, limits: limits, reading: catalogReading),
          line: line.number)
      } catch {
        return .failure(error)
      }
    case .tooLong(_, let length):
      return .failure(
        CatalogError(
          .tooLarge, source: source,
          problem:
            "the line is \(MessageText.size(length)), longer than the limit of \(MessageText.size(maximumLineLength)); skipped"
        ))
    }
  }

  private func readSome(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    while true {
      #if canImport(Glibc)
        let result = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
      #else
        let result = Darwin.read(descriptor, buffer.baseAddress!, buffer.count)
      #endif
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  private func waitUntilReadable() {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    _ = poll(&request, 1, 1000)
  }

  private func post(
    _ event: Event, queue: DispatchQueue, handler: @escaping @Sendable (Event) -> Void
  ) {
    let shouldSchedule = mailbox.withLock { box -> Bool in
      guard !box.isStopped else { return false }
      if coalesces, case .catalog = event {
        box.pending.removeAll { if case .catalog = $0 { true } else { false } }
      }
      box.pending.append(event)
      let failures = box.pending.indices.filter {
        if case .failure = box.pending[$0] { true } else { false }
      }
      if failures.count > 16 { box.pending.remove(at: failures[0]) }
      if box.isScheduled { return false }
      box.isScheduled = true
      return true
    }
    guard shouldSchedule else { return }
    queue.async { [self] in
      let events = mailbox.withLock { box -> [Event] in
        box.isScheduled = false
        defer { box.pending = [] }
        return box.isStopped ? [] : box.pending
      }
      for event in events { handler(event) }
    }
  }
}
