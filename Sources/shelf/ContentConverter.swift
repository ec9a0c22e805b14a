import Dispatch
import ShelfCatalog
import ShelfContentMapping
import ShelfUI
import Synchronization

/// Turns catalogs into screen content on a serial background queue, so a
/// million-card snapshot never holds up a key on the main queue: catalogs are
/// converted in the order they arrive, only the newest is delivered, and old
/// snapshots are freed on the background queue too.
final class ContentConverter: Sendable {
  private let queue = DispatchQueue(label: "shelf.content", qos: .userInitiated)
  /// The number of the newest catalog handed to `convert`.
  private let newest = Atomic<UInt64>(0)

  /// Converts `catalog` off the main queue, its ids in `namespace` (one of
  /// several sources), then calls `deliver` with its content and, for one of
  /// several sources, its section and row ids as given, on the main queue,
  /// unless a newer catalog has arrived by then.
  @MainActor
  func convert(
    _ catalog: Catalog, namespace: SourceNamespace? = nil,
    deliver: @escaping @MainActor @Sendable (ShelfContent, Set<SharedID>) -> Void
  ) {
    let number = newest.add(1, ordering: .relaxed).newValue
    queue.async { [self] in
      // A newer catalog is queued behind this one: skip it.
      guard newest.load(ordering: .relaxed) == number else { return }
      let ids = namespace == nil ? [] : SharedID.ids(of: catalog)
      let parcel = Parcel(ShelfContent(catalog, namespace: namespace))
      DispatchQueue.main.async { [self] in
        MainActor.assumeIsolated {
          if newest.load(ordering: .relaxed) == number, let content = parcel.value.take() {
            deliver(content, ids)
          } else {
            free(parcel)
          }
        }
      }
    }
  }

  /// Frees `value` (a snapshot the main queue no longer needs) on the
  /// background queue, after the conversions queued before it.
  func free<Value: Sendable>(_ value: consuming Value) {
    free(Parcel(consume value))
  }

  /// Empties `parcel` on the background queue. Whichever thread drops the
  /// last reference to a value frees it: the parcel makes that the queue's,
  /// however soon the queue runs.
  private func free<Value: Sendable>(_ parcel: Parcel<Value>) {
    queue.async { parcel.value = nil }
  }
}

/// A value on its way to another thread, which takes it out.
private final class Parcel<Value: Sendable>: @unchecked Sendable {
  // Unchecked: the sender sets the value before handing the parcel over and
  // never touches it again.
  var value: Value?

  init(_ value: consuming Value) {
    self.value = consume value
  }
}
