import Dispatch
import ShelfCatalog
import ShelfDiff

/// A source of catalogs that changes while Shelf shows it: a watched file, a
/// stream, a command run again and again, a URL fetched again and again.
///
/// It starts on a queue with a handler, which gets each new catalog or why
/// there is none, and stops; it has a name for messages and a status. A new
/// kind of source is one type here that adopts this, and one option in `shelf`.
public protocol LiveSource: AnyObject, Sendable {
  /// The source as messages name it: a path, `stdin`, a command, a URL
  /// (its password written `***`).
  var name: String { get }
  /// How the source's last delivery went.
  var status: LiveSourceStatus { get }
  /// Starts: `handler` runs on `queue` for each new catalog, or why there is none.
  func start(
    queue: DispatchQueue,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void)
  /// Stops: no handler runs after this returns, except one already running.
  func stop()
  /// Returns once work under way after `stop()` has ended (a command killed
  /// and reaped); at once for a source with nothing to wait for.
  func waitUntilIdle()
}

extension LiveSource {
  /// Nothing to wait for.
  public func waitUntilIdle() {}
}

/// How a live source's last delivery went.
public enum LiveSourceStatus: Hashable, Sendable {
  /// Nothing delivered yet.
  case starting
  /// The last delivery was a catalog.
  case live
  /// The last delivery was a failure; the last good catalog stays.
  case failing(CatalogError)
  /// The source brings nothing more (a stream that closed).
  case ended
}

/// A source's status, noted as it delivers, read from any thread.
final class SourceStatusKeeper: Sendable {
  private let value = Locked(LiveSourceStatus.starting)

  /// The status now.
  var status: LiveSourceStatus { value.withLock { $0 } }

  /// Notes a delivery.
  func note(_ result: Result<LoadedCatalog, CatalogError>) {
    let status: LiveSourceStatus
    switch result {
    case .success: status = .live
    case .failure(let error): status = .failing(error)
    }
    value.withLock { $0 = status }
  }

  /// Notes that the source ended.
  func end() {
    value.withLock { $0 = .ended }
  }

  /// `handler`, noting each delivery first.
  func noting(
    _ handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) -> @Sendable (Result<LoadedCatalog, CatalogError>) -> Void {
    { [self] result in
      note(result)
      handler(result)
    }
  }
}
