import ShelfUI

/// The kitty graphics protocol's commands Shelf sends: pictures sent once
/// with an id, placed at the cursor, and deleted. Every command asks for no
/// reply (`q=2`), so nothing comes back to be read as keys.
package enum KittyGraphics {
  /// Base64 characters a chunk of a transmission carries at most.
  static let chunkSize = 4096

  /// Sends `pixels` as picture `id` (RGB), in chunks, without showing it.
  package static func transmit(_ pixels: CoverPixels, id: UInt32) -> [UInt8] {
    let data = Clipboard.base64(pixels.rgb)
    var bytes: [UInt8] = []
    var start = 0
    repeat {
      let end = min(data.count, start + chunkSize)
      let more = end < data.count ? 1 : 0
      let keys =
        start == 0
        ? "a=t,f=24,s=\(pixels.width),v=\(pixels.height),i=\(id),q=2,m=\(more)" : "m=\(more)"
      bytes += command(keys, payload: data[start..<end])
      start = end
    } while start < data.count
    return bytes
  }

  /// Shows picture `id` (or the part of it in `source`, in pixels) as
  /// placement `placement`, `columns` x `lines` cells from the cursor,
  /// which stays where it is.
  package static func place(
    id: UInt32, placement: UInt32, columns: Int, lines: Int, source: PixelRect? = nil
  ) -> [UInt8] {
    let part = source.map { ",x=\($0.x),y=\($0.y),w=\($0.width),h=\($0.height)" } ?? ""
    return command("a=p,i=\(id),p=\(placement)\(part),c=\(columns),r=\(lines),C=1,q=2")
  }

  /// A part of a picture, in pixels.
  package struct PixelRect: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  /// Takes every placement off the screen; the pictures stay, to be placed again.
  package static var deletePlacements: [UInt8] { command("a=d,d=a,q=2") }

  /// Deletes picture `id` and its placements.
  package static func delete(id: UInt32) -> [UInt8] { command("a=d,d=I,i=\(id),q=2") }

  /// Moves the cursor to `point` (0-based cells).
  static func moveCursor(to point: Point) -> [UInt8] {
    Array("\u{1B}[\(point.y + 1);\(point.x + 1)H".utf8)
  }

  /// Saves the cursor's place and attributes (DECSC).
  static let saveCursor: [UInt8] = [0x1B, 0x37]
  /// Restores what `saveCursor` saved (DECRC).
  static let restoreCursor: [UInt8] = [0x1B, 0x38]

  /// `ESC _ G keys ; payload ESC \`.
  private static func command(_ keys: String, payload: ArraySlice<UInt8> = []) -> [UInt8] {
    var bytes: [UInt8] = [0x1B, 0x5F, 0x47]
    bytes += keys.utf8
    if !payload.isEmpty {
      bytes.append(0x3B)
      bytes += payload
    }
    bytes += [0x1B, 0x5C]
    return bytes
  }
}

/// The pictures a kitty-graphics terminal shows over the cover cells: each
/// frame it is told the covers shown at rest, and gives the bytes that put
/// the terminal's placements in step (none when nothing changed). During
/// motion no cover is at rest, so the placements go and the cells show.
///
/// A picture is sent once and kept by the terminal (the least recently
/// shown deleted past `keptLimit`); `clear()` deletes them all (quit,
/// suspend, a command given the terminal).
package final class KittyCoverLayer {
  /// Pictures the terminal keeps at most.
  package let keptLimit: Int
  /// The pixels of a cover at rest, or nil while they are not ready (the
  /// cells show meanwhile).
  private let pixels: (PlacedCover) -> CoverPixels?

  private struct Picture: Hashable {
    var image: String
    var width: Int
    var height: Int
  }

  private struct Placement: Equatable {
    var id: UInt32
    /// The top left cell shown.
    var origin: Point
    var width: Int
    var height: Int
    /// The part of the picture shown, when not all of it.
    var source: KittyGraphics.PixelRect?
  }

  private var ids: [Picture: UInt32] = [:]
  /// Each picture's size in pixels.
  private var pixelSizes: [UInt32: Size] = [:]
  private var lastShown: [UInt32: UInt64] = [:]
  private var clock: UInt64 = 0
  private var nextID: UInt32 = 1
  private var placed: [Placement] = []
  /// Whether the terminal may show placements this layer does not know of
  /// (after a full repaint or a resize): the next frame deletes them all.
  private var isUnsure = false

  /// A layer asking `pixels` for each cover's picture, the terminal keeping
  /// at most `keptLimit` of them.
  package init(keptLimit: Int = 128, pixels: @escaping (PlacedCover) -> CoverPixels?) {
    self.keptLimit = keptLimit
    self.pixels = pixels
  }

  /// Covers placed now.
  package var placedCount: Int { placed.count }

  /// The bytes that make the terminal show `covers` as pictures and nothing
  /// else, to write after the frame's cells; empty when it shows them already.
  package func frame(showing covers: [PlacedCover]) -> [UInt8] {
    var sent: [UInt8] = []
    var wanted: [Placement] = []
    clock &+= 1
    for cover in covers {
      let picture = Picture(image: cover.image, width: cover.width, height: cover.height)
      let id: UInt32
      if let known = ids[picture] {
        id = known
      } else {
        guard let pixels = pixels(cover) else { continue }
        id = nextID
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        ids[picture] = id
        pixelSizes[id] = Size(width: pixels.width, height: pixels.height)
        sent += KittyGraphics.transmit(pixels, id: id)
      }
      lastShown[id] = clock
      wanted.append(placement(of: cover, id: id))
    }
    guard wanted != placed || isUnsure || !sent.isEmpty else { return [] }
    var bytes: [UInt8] = []
    if !placed.isEmpty || isUnsure { bytes += KittyGraphics.deletePlacements }
    bytes += forgetOldest(keeping: Set(wanted.map(\.id)))
    bytes += sent
    if !wanted.isEmpty {
      bytes += KittyGraphics.saveCursor
      for (index, placement) in wanted.enumerated() {
        bytes += KittyGraphics.moveCursor(to: placement.origin)
        bytes += KittyGraphics.place(
          id: placement.id, placement: UInt32(index + 1), columns: placement.width,
          lines: placement.height, source: placement.source)
      }
      bytes += KittyGraphics.restoreCursor
    }
    placed = wanted
    isUnsure = false
    return bytes
  }

  /// Where `cover`, sent as picture `id`, is placed: its lines shown, from
  /// the matching rows of the picture's pixels.
  private func placement(of cover: PlacedCover, id: UInt32) -> Placement {
    let lines = cover.lines.clamped(to: 0..<cover.height)
    var placement = Placement(
      id: id, origin: Point(x: cover.origin.x, y: cover.origin.y + lines.lowerBound),
      width: cover.width, height: lines.count)
    if lines != 0..<cover.height, let size = pixelSizes[id], cover.height > 0 {
      let top = lines.lowerBound * size.height / cover.height
      let bottom = lines.upperBound * size.height / cover.height
      placement.source = KittyGraphics.PixelRect(
        x: 0, y: top, width: size.width, height: max(1, bottom - top))
    }
    return placement
  }

  /// The terminal repainted or resized: what it shows is not known, so the
  /// next frame deletes every placement before placing its own.
  package func forgetPlacements() {
    isUnsure = true
  }

  /// The bytes that delete every placement and every picture sent; the
  /// next frame sends what it shows again.
  package func clear() -> [UInt8] {
    var bytes = KittyGraphics.deletePlacements
    for id in ids.values.sorted() { bytes += KittyGraphics.delete(id: id) }
    ids = [:]
    pixelSizes = [:]
    lastShown = [:]
    placed = []
    isUnsure = false
    return bytes
  }

  /// Deletes the least recently shown pictures past `keptLimit`, never one in `keeping`.
  private func forgetOldest(keeping: Set<UInt32>) -> [UInt8] {
    guard ids.count > keptLimit else { return [] }
    var bytes: [UInt8] = []
    let oldest = ids.filter { !keeping.contains($0.value) }
      .sorted { lastShown[$0.value, default: 0] < lastShown[$1.value, default: 0] }
    for (picture, id) in oldest.prefix(ids.count - keptLimit) {
      ids.removeValue(forKey: picture)
      pixelSizes.removeValue(forKey: id)
      lastShown.removeValue(forKey: id)
      bytes += KittyGraphics.delete(id: id)
    }
    return bytes
  }
}
