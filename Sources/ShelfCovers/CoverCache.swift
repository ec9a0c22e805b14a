import Dispatch
import ShelfUI

/// The covers of the cards on screen and one screen ahead, converted off the
/// main thread at the cards' size and kept in memory up to a number of bytes
/// (the least recently shown go first).
///
/// The screen asks on the main thread each frame; a cover not ready joins
/// the work, one picture at a time on the `shelf.covers` queue, and
/// `onReady` asks for the frame that shows it. Those on screen go first,
/// the one the screen asked for last first: after a fast scroll, what it
/// shows where it stopped comes before the cards it passed on the way.
/// Then those one screen ahead of the last screen at rest, in order.
/// A picture that gives no cover is said once through `onFailure`, and its
/// cards keep their placeholder.
@MainActor
public final class CoverCache: CoverSource {
  /// Reads a picture's bytes (a file, a URL), on the covers' queue.
  public typealias Load = @Sendable (String) throws(CoverError) -> [UInt8]

  /// 64 MiB.
  public static let defaultBudget = 64 << 20

  private struct Key: Hashable, Sendable {
    var image: String
    var width: Int
    var height: Int
  }

  private struct Entry {
    var cover: CoverCells
    var pixels: CoverPixels?
    var lastUse: UInt64

    var byteCount: Int { cover.byteCount + (pixels?.rgb.count ?? 0) }
  }

  /// The most bytes the kept covers may hold.
  public let budget: Int
  private let colors: CoverColors
  /// The pixels of a cell, when covers are also scaled to pixels for a
  /// terminal that draws pictures; nil: cells only.
  private let cellPixels: Size?
  private let load: Load
  private let queue = DispatchQueue(label: "shelf.covers", qos: .utility)
  private var entries: [Key: Entry] = [:]
  private var bytes = 0
  private var clock: UInt64 = 0
  /// Asked for on screen and not converted yet, each with when the screen
  /// last asked for it (`clock`): the newest goes first.
  private var onScreen: [Key: UInt64] = [:]
  /// Asked for one screen ahead and not converted yet, in order.
  private var ahead: [Key] = []
  /// Queued or being converted.
  private var asked: Set<Key> = []
  private var isConverting = false
  private var failed: Set<String> = []
  /// Whether `cover(of:width:height:)` converts at once on the calling
  /// thread (a headless render's one frame), not on the queue.
  public var isSynchronous = false

  /// Called on the main thread when a cover asked for is ready.
  public var onReady: (() -> Void)?
  /// Called once for each picture that gives no cover, with a line for the log.
  public var onFailure: ((String) -> Void)?

  /// A cache of covers in `colors`, read by `load`, holding at most
  /// `budget` bytes; with `cellPixels`, each cover also as pixels at that
  /// size a cell (`pixels(of:width:height:)`).
  public init(
    colors: CoverColors, budget: Int = CoverCache.defaultBudget, cellPixels: Size? = nil,
    load: @escaping Load
  ) {
    self.colors = colors
    self.budget = budget
    self.cellPixels = cellPixels
    self.load = load
  }

  /// The pixels of `image`'s cover at `width` x `height` cells, when it is
  /// ready and the cache makes pixels; never asks for it.
  public func pixels(of image: String, width: Int, height: Int) -> CoverPixels? {
    entries[Key(image: image, width: width, height: height)]?.pixels
  }

  /// Bytes the kept covers hold.
  public var byteCount: Int { bytes }
  /// Covers kept.
  public var count: Int { entries.count }
  /// Covers asked for and not ready yet.
  public var waitingCount: Int { asked.count }

  public func cover(of image: String, width: Int, height: Int) -> CoverCells? {
    let key = Key(image: image, width: width, height: height)
    clock &+= 1
    if let entry = entries[key] {
      entries[key]?.lastUse = clock
      return entry.cover
    }
    guard !failed.contains(image), width > 0, height > 0 else { return nil }
    if isSynchronous {
      finish(key, Self.convert(key, colors: colors, cellPixels: cellPixels, load: load))
      return entries[key]?.cover
    }
    if !asked.contains(key) {
      asked.insert(key)
      onScreen[key] = clock
    } else if onScreen[key] != nil {
      // Still on screen: it keeps its turn before what scrolled past.
      onScreen[key] = clock
    } else if let index = ahead.firstIndex(of: key) {
      // Scrolled into view: it goes before what is still ahead.
      ahead.remove(at: index)
      onScreen[key] = clock
    }
    startNext()
    return nil
  }

  /// Asks for `images`, one screen ahead of the screen at rest, after
  /// those on screen; they replace what an earlier screen asked for ahead
  /// and is still waiting: a place scrolled away from is not read any more.
  public func prefetch(_ images: [String], width: Int, height: Int) {
    guard !isSynchronous, width > 0, height > 0 else { return }
    for key in ahead { asked.remove(key) }
    ahead.removeAll(keepingCapacity: true)
    for image in images where !failed.contains(image) {
      let key = Key(image: image, width: width, height: height)
      guard entries[key] == nil, !asked.contains(key) else { continue }
      asked.insert(key)
      ahead.append(key)
    }
    startNext()
  }

  /// Converts the next picture asked for, unless one is being converted.
  private func startNext() {
    guard !isConverting else { return }
    let key: Key
    if let newest = onScreen.max(by: { $0.value < $1.value })?.key {
      onScreen.removeValue(forKey: newest)
      key = newest
    } else if !ahead.isEmpty {
      key = ahead.removeFirst()
    } else {
      return
    }
    isConverting = true
    let colors = colors
    let cellPixels = cellPixels
    let load = load
    queue.async { [weak self] in
      let result = Self.convert(key, colors: colors, cellPixels: cellPixels, load: load)
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          guard let self else { return }
          self.isConverting = false
          self.finish(key, result)
          self.onReady?()
          self.startNext()
        }
      }
    }
  }

  /// Keeps a converted cover (letting go of the least recently shown past
  /// the budget), or says once why a picture gives none.
  private func finish(_ key: Key, _ result: Result<Entry, CoverError>) {
    asked.remove(key)
    switch result {
    case .success(var entry):
      clock &+= 1
      entry.lastUse = clock
      entries[key] = entry
      bytes += entry.byteCount
      while bytes > budget, entries.count > 1,
        let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
      {
        bytes -= entries.removeValue(forKey: oldest)?.byteCount ?? 0
      }
    case .failure(let error):
      if failed.insert(key.image).inserted {
        onFailure?("cover \(TerminalText.sanitized(key.image)): \(error)")
      }
    }
  }

  /// The cover of `key`: read, decoded and converted (and scaled to
  /// pixels, with `cellPixels`).
  private nonisolated static func convert(
    _ key: Key, colors: CoverColors, cellPixels: Size?, load: Load
  ) -> Result<Entry, CoverError> {
    do {
      // Twice the sextants' 2 x 3 dots a cell: detail enough to choose from.
      var least = (width: key.width * 4, height: key.height * 6)
      if let cellPixels {
        least.width = max(least.width, key.width * cellPixels.width)
        least.height = max(least.height, key.height * cellPixels.height)
      }
      let picture = try CoverDecoder.decode(try load(key.image), least: least)
      let cover = CoverConverter.cells(
        of: picture, width: key.width, height: key.height, colors: colors)
      let pixels = cellPixels.map {
        CoverScaler.pixels(
          of: picture, width: key.width * $0.width, height: key.height * $0.height)
      }
      return .success(Entry(cover: cover, pixels: pixels, lastUse: 0))
    } catch {
      return .failure(error)
    }
  }
}
