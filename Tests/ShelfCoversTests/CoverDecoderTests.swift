import Foundation
import ShelfUI
import Synchronization
import TestSupport
import Testing

@testable import ShelfCovers

/// Generated pictures (Scripts/make-cover.py) in a folder of their own.
struct CoverFiles {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-covers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// The bytes of a generated cover.
  func bytes(
    _ format: String = "png", width: Int = 48, height: Int = 72, seed: Int = 1,
    declared: String? = nil
  ) throws -> [UInt8] {
    let path = folder.appendingPathComponent("\(format)-\(width)x\(height)-\(seed).\(format)").path
    try makeCover(
      at: path, format: format, width: width, height: height, seed: seed, declared: declared)
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}

@Suite struct CoverDecoderTests {
  @Test(arguments: ["png", "jpeg", "webp"])
  func aGeneratedCoverDecodesToItsSizeAndColours(format: String) throws {
    let bytes = try CoverFiles().bytes(format)
    let picture = try CoverDecoder.decode(bytes)
    #expect(picture.width == 48 && picture.height == 72)
    #expect(picture.rgba.count == 48 * 72 * 4)
    // The disc's middle, as make-cover.py draws it: (52, 79, 175).
    let middle = (36 * 48 + 24) * 4
    let rgb = picture.rgba[middle..<middle + 3].map(Int.init)
    #expect(zip(rgb, [52, 79, 175]).allSatisfy { abs($0 - $1) <= 6 }, "\(rgb)")
  }

  @Test func aHugePictureIsRefusedFromItsHeader() throws {
    let bytes = try CoverFiles().bytes(width: 8, height: 2, declared: "30000x30000")
    #expect(bytes.count < 1000, "a header and a few rows")
    #expect(try CoverDecoder.size(of: bytes) == (30000, 30000))
    #expect(throws: CoverError.tooLarge(width: 30000, height: 30000)) {
      try CoverDecoder.decode(bytes)
    }
  }

  @Test(arguments: ["png", "jpeg", "webp"])
  func truncatedPicturesAreRefusedNotDecoded(format: String) throws {
    let bytes = try CoverFiles().bytes(format)
    for length in [0, 3, 8, 20, 40, 100, bytes.count / 2] {
      #expect(throws: CoverError.self) { try CoverDecoder.decode(Array(bytes.prefix(length))) }
    }
  }

  @Test func otherFormatsNeverReachTheDecoder() {
    let bmp = Array("BM".utf8) + Array(repeating: 0, count: 60)
    #expect(throws: CoverError.unknownFormat) { try CoverDecoder.decode(bmp) }
    #expect(throws: CoverError.unknownFormat) { try CoverDecoder.decode(Array("<svg/>".utf8)) }
  }
}

@Suite struct CoverConverterTests {
  /// Each cell's character, then its colours as palette numbers (`.` the terminal's own).
  static func describe(_ cover: CoverCells) -> String {
    var lines: [String] = []
    for y in 0..<cover.height {
      let row = cover.cells[(y * cover.width)..<((y + 1) * cover.width)]
      var text = row.map(\.text).joined()
      text +=
        "  "
        + row.map { "\(number($0.style.foreground))/\(number($0.style.background))" }
        .joined(separator: " ")
      lines.append(text)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func number(_ color: ShelfUI.Color) -> String {
    if case .indexed(let n) = color { return String(n) }
    return "."
  }

  @Test func aCoverBecomesBlocksInThe256ColoursAndShapesInMono() throws {
    let files = try CoverFiles()
    var text = ""
    for format in ["png", "jpeg"] {
      let picture = try CoverDecoder.decode(try files.bytes(format))
      for colors in [CoverColors.palette256, .ansi8, .none] {
        let cover = CoverConverter.cells(of: picture, width: 12, height: 9, colors: colors)
        #expect(cover.width == 12 && cover.height == 9)
        let limit = colors == .none ? 0 : colors.rawValue
        for cell in cover.cells {
          for color in [cell.style.foreground, cell.style.background] {
            if case .indexed(let n) = color { #expect(n < limit) }
          }
        }
        text += "\(format) \(colors)\n" + Self.describe(cover)
      }
    }
    expectGolden(text, named: "covers-12x9")
  }
}

@Suite struct CoverDiskCacheTests {
  @Test func theLeastRecentlyUsedPicturesGoPastTheLimit() throws {
    let folder = try CoverFiles().folder.appendingPathComponent("cache").path
    let cache = CoverDiskCache(directory: folder, limit: 250)
    cache.store(Array(repeating: 1, count: 100), of: "http://x/a")
    cache.store(Array(repeating: 2, count: 100), of: "http://x/b")
    #expect(cache.bytes(of: "http://x/a") == Array(repeating: 1, count: 100), "a used: b is older")
    // Modification times may share a tick: b is made older by hand.
    #expect(utimensat(AT_FDCWD, cache.path(of: "http://x/b"), [timespec(), timespec()], 0) == 0)
    cache.store(Array(repeating: 3, count: 100), of: "http://x/c")
    #expect(cache.bytes(of: "http://x/b") == nil)
    #expect(cache.bytes(of: "http://x/a") != nil && cache.bytes(of: "http://x/c") != nil)
  }

  @Test func theFolderIsReadOnceAndThenOnlyWhenTheLimitIsPassed() throws {
    let folder = try CoverFiles().folder.appendingPathComponent("cache").path
    let cache = CoverDiskCache(directory: folder, limit: 250)
    for name in ["a", "b"] { cache.store(Array(repeating: 1, count: 100), of: "http://x/\(name)") }
    // A picture stored again replaces its bytes: still within the limit.
    cache.store(Array(repeating: 2, count: 100), of: "http://x/a")
    #expect(cache.scanCount == 1, "read at the first store only")
    cache.store(Array(repeating: 3, count: 100), of: "http://x/c")
    #expect(cache.scanCount == 2, "read again to find the least recently used")
    // Another cache of the same folder counts what the first left.
    let again = CoverDiskCache(directory: folder, limit: 250)
    again.store(Array(repeating: 4, count: 40), of: "http://x/d")
    #expect(again.scanCount == 1)
    again.store(Array(repeating: 5, count: 20), of: "http://x/e")
    #expect(again.scanCount == 2, "200 + 40 + 20 bytes pass the limit")
  }
}

@Suite struct CoverScalerTests {
  @Test func pixelsAreAveragedDownOverBlackAndRepeatedUp() {
    // Red, green, blue and a clear white.
    let picture = CoverPicture(
      width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 0])
    #expect(CoverScaler.pixels(of: picture, width: 1, height: 1).rgb == [64, 64, 64])
    let up = CoverScaler.pixels(of: picture, width: 4, height: 2)
    #expect(up.width == 4 && up.height == 2)
    #expect(Array(up.rgb[0..<12]) == [255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0])
    #expect(Array(up.rgb[12..<24]) == [0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 0])
    #expect(
      CoverScaler.pixels(of: picture, width: 5000, height: 1).width == CoverScaler.maximumSide)
  }

  @Test @MainActor func aCacheForPicturesKeepsEachCoverAsPixelsToo() throws {
    let bytes = try CoverFiles().bytes("jpeg")
    let cache = CoverCache(colors: .palette256, cellPixels: Size(width: 8, height: 16)) { _ in bytes
    }
    cache.isSynchronous = true
    let cover = try #require(cache.cover(of: "x.jpg", width: 6, height: 4))
    let pixels = try #require(cache.pixels(of: "x.jpg", width: 6, height: 4))
    #expect(cover.width == 6 && pixels.width == 48 && pixels.height == 64)
    #expect(cache.byteCount == cover.byteCount + 48 * 64 * 3)
    let cellsOnly = CoverCache(colors: .palette256) { _ in bytes }
    cellsOnly.isSynchronous = true
    _ = cellsOnly.cover(of: "x.jpg", width: 6, height: 4)
    #expect(cellsOnly.pixels(of: "x.jpg", width: 6, height: 4) == nil)
  }
}

@Suite @MainActor struct CoverCacheBudgetTests {
  @Test func theCoversKeptNeverHoldMoreThanTheBudgetAndTheLeastRecentGoFirst() throws {
    let bytes = try CoverFiles().bytes()
    let one = 8 * 6 * MemoryLayout<Cell>.stride
    let cache = CoverCache(colors: .palette256, budget: 3 * one) { _ in bytes }
    cache.isSynchronous = true
    for name in ["a", "b", "c"] { _ = cache.cover(of: name, width: 8, height: 6) }
    #expect(cache.count == 3 && cache.byteCount == 3 * one)
    for name in ["d", "e", "f", "g"] {
      _ = cache.cover(of: name, width: 8, height: 6)
      #expect(cache.byteCount <= cache.budget)
    }
    #expect(cache.count == 3)
    // With room for one, a is let go for b and converted anew when shown again.
    let converted = Atomic<Int>(0)
    let counting = CoverCache(colors: .palette256, budget: one) { _ in
      converted.add(1, ordering: .relaxed)
      return bytes
    }
    counting.isSynchronous = true
    for name in ["a", "b", "a"] { _ = counting.cover(of: name, width: 8, height: 6) }
    #expect(converted.load(ordering: .relaxed) == 3 && counting.count == 1)
  }
}
