import Dispatch
import Foundation
import ShelfUI
import TestSupport
import Testing

@testable import ShelfCovers

/// The covers' queue: conversions run on it, and reach the cache on the
/// main queue. A `…ConcurrencyTests` suite, so `make tsan` runs it.
@Suite @MainActor struct CoverCacheConcurrencyTests {
  /// After a fast scroll, the covers the screen shows where it stopped come
  /// before those of the cards it passed on the way (each of them a file
  /// read, or a fetch of up to 10 s, that nobody is looking at any more).
  @Test func whatTheScreenShowsNowIsConvertedBeforeWhatItScrolledPast() async throws {
    let held = try HeldCache()
    // The first cover is being converted (held at the gate) while the
    // screen scrolls past three others and stops on a fourth, which it
    // draws again in the frames that follow.
    #expect(held.cache.cover(of: "first", width: 8, height: 6) == nil)
    for image in ["passed-1", "passed-2", "passed-3", "now", "now"] {
      #expect(held.cache.cover(of: image, width: 8, height: 6) == nil)
    }
    let order = await held.release()
    #expect(order.count == 5 && Set(order).count == 5, "each once: \(order)")
    #expect(Array(order.prefix(2)) == ["first", "now"], "\(order)")
    #expect(held.cache.cover(of: "now", width: 8, height: 6) != nil)
  }

  /// One screen ahead is the screen at rest now: what was ahead of an
  /// earlier one, and still waits, is dropped rather than read.
  @Test func whatWasAheadOfAnEarlierScreenIsNotReadAnyMore() async throws {
    let held = try HeldCache()
    #expect(held.cache.cover(of: "first", width: 8, height: 6) == nil)
    held.cache.prefetch(["old-1", "old-2"], width: 8, height: 6)
    // The screen moved on and rests elsewhere; old-2 is ahead of it too.
    held.cache.prefetch(["new-1", "old-2"], width: 8, height: 6)
    #expect(held.cache.waitingCount == 3, "first, new-1 and old-2")
    #expect(await held.release() == ["first", "new-1", "old-2"])
  }
}

/// A cache whose load of the picture `first` waits at a gate, so that what
/// is asked for meanwhile queues up; it notes every picture loaded.
@MainActor
private struct HeldCache {
  let cache: CoverCache
  private let gate = DispatchSemaphore(value: 0)
  private let loads = Loads()

  init() throws {
    let bytes = try CoverFiles().bytes()
    let (gate, loads) = (gate, loads)
    cache = CoverCache(colors: .palette256) { image in
      loads.add(image)
      if image == "first" { gate.wait() }
      return bytes
    }
  }

  /// Opens the gate, waits for every cover asked for, and gives the
  /// pictures loaded, in order.
  func release() async -> [String] {
    gate.signal()
    #expect(await eventually { cache.waitingCount == 0 })
    return loads.images
  }
}

/// The pictures a cache's load was asked for, in order, from its queue.
private final class Loads: @unchecked Sendable {
  // Unchecked: `list` is only touched under `lock`.
  private let lock = NSLock()
  private var list: [String] = []

  func add(_ image: String) { lock.withLock { list.append(image) } }

  var images: [String] { lock.withLock { list } }
}
