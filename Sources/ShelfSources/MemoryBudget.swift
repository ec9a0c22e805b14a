import ShelfCatalog
import ShelfDiff

/// Memory that several sources hold bodies in together: `--url-memory`,
/// shared by every `--url` source of a run, so that many large answers at
/// once cannot take more than it.
public final class MemoryBudget: Sendable {
  /// How many bytes may be held at once.
  public let bytes: Int
  // `Locked`, not `Mutex`: the thread sanitizer sees its semaphore.
  private let used = Locked(0)

  /// A budget of `bytes`.
  public init(bytes: Int) {
    self.bytes = bytes
  }

  /// 512 MiB, what `--url-memory` defaults to.
  public static let defaultBytes = 512 << 20

  /// How many bytes are held now, for tests.
  package var bytesInUse: Int { used.withLock { $0 } }

  /// Takes `count` bytes; false, and nothing taken, when that would pass the budget.
  package func take(_ count: Int) -> Bool {
    used.withLock { used in
      guard count <= bytes - used else { return false }
      used += count
      return true
    }
  }

  /// Gives back `count` bytes taken before.
  package func giveBack(_ count: Int) {
    used.withLock { $0 -= count }
  }
}

/// Bytes taken from a `MemoryBudget` for one body, given back when the last
/// holder of the body lets go of it.
final class MemoryReservation {
  let budget: MemoryBudget
  private(set) var count = 0

  init(_ budget: MemoryBudget) {
    self.budget = budget
  }

  /// Takes `more` bytes; false when the budget has not that many left.
  func take(_ more: Int) -> Bool {
    guard budget.take(more) else { return false }
    count += more
    return true
  }

  deinit { budget.giveBack(count) }
}
