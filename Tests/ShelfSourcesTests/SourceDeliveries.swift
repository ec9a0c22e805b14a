import ShelfCatalog
import ShelfSources
import TestSupport

/// What a live source (watcher, command, URL) delivers, awaited one at a time
/// (at most `eventualTimeout`, however loaded the machine), each delivery
/// described as text by the test.
final class SourceDeliveries: Sendable {
  let stream: AsyncStream<Result<LoadedCatalog, CatalogError>>
  let continuation: AsyncStream<Result<LoadedCatalog, CatalogError>>.Continuation
  private let describe: @Sendable (Result<LoadedCatalog, CatalogError>) -> String

  /// A delivery as `title T` or `error <code> <message>`.
  static func describe(_ result: Result<LoadedCatalog, CatalogError>) -> String {
    switch result {
    case .success(let loaded): "title \(loaded.catalog.title)"
    case .failure(let error): "error \(error.exitCode) \(error)"
    }
  }

  /// Deliveries described by `describe`; by default as `describe(_:)` says.
  init(
    describe: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> String =
      SourceDeliveries.describe
  ) {
    (stream, continuation) = AsyncStream.makeStream()
    self.describe = describe
  }

  func handler(_ result: Result<LoadedCatalog, CatalogError>) { continuation.yield(result) }

  /// The next delivery, described; `timeout` if none comes within
  /// `eventualTimeout` (a watcher's or command's thread can wait seconds
  /// for a core on a loaded machine, and longer under the thread sanitizer).
  func next() async -> String {
    let stream = stream
    let describe = describe
    return await withTaskGroup(of: String.self) { group in
      group.addTask {
        for await result in stream { return describe(result) }
        return "ended"
      }
      group.addTask {
        try? await Task.sleep(for: eventualTimeout)
        return "timeout"
      }
      let first = await group.next() ?? "none"
      group.cancelAll()
      return first
    }
  }
}
