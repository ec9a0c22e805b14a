internal import CImage
import Glibc

/// A decoded picture: RGBA, four bytes a pixel, rows top to bottom.
public struct CoverPicture: Sendable {
  /// Pixels a row.
  public let width: Int
  /// Rows.
  public let height: Int
  /// `width` x `height` x 4 bytes.
  public let rgba: [UInt8]
}

/// Decodes JPEG with libjpeg-turbo (scaled down as it decodes: a 600 x 900
/// cover for 24 x 12 cells decodes at a quarter of its size), PNG and GIF
/// (its first frame) with stb_image (Debian's libstb) and WebP (its first
/// frame) with libwebp, the library that defines the format, after reading the
/// size from the header: a picture too large is refused before any pixel is
/// decoded, and bytes of any other format never reach a decoder.
public enum CoverDecoder {
  /// The most pixels a side may have.
  public static let maximumSide = 16_384
  /// The most pixels a picture may have: 64 MiB decoded.
  public static let maximumPixels = 16_777_216

  /// The formats decoded, by their first bytes.
  enum Format: Equatable {
    case png, jpeg, gif, webp

    init?(_ bytes: [UInt8]) {
      if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
        self = .png
      } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
        self = .jpeg
      } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
      {
        self = .gif
      } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
        bytes[8..<12].elementsEqual("WEBP".utf8)
      {
        self = .webp
      } else {
        return nil
      }
    }
  }

  /// The width and height `bytes` declare, read from the header alone
  /// (here, not by stb_image, whose own reading refuses a large picture as
  /// corrupt rather than saying its size).
  public static func size(of bytes: [UInt8]) throws(CoverError) -> (width: Int, height: Int) {
    guard let format = Format(bytes) else { throw .unknownFormat }
    let size: (Int, Int)?
    switch format {
    case .png: size = pngSize(bytes)
    case .gif: size = gifSize(bytes)
    case .jpeg: size = jpegSize(bytes)
    case .webp: size = webpSize(bytes)
    }
    guard let size, size.0 > 0, size.1 > 0 else { throw .undecodable }
    return size
  }

  private static func bigEndian(_ bytes: [UInt8], _ at: Int, count: Int) -> Int {
    bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
  }

  /// IHDR, the first chunk: width and height, 4 bytes each, big-endian.
  private static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    return (bigEndian(bytes, 16, count: 4), bigEndian(bytes, 20, count: 4))
  }

  /// The canvas's width and height, as libwebp reads them from the header
  /// alone (a lossy, lossless or extended file).
  private static func webpSize(_ bytes: [UInt8]) -> (Int, Int)? {
    var width: Int32 = 0
    var height: Int32 = 0
    let isRead = bytes.withUnsafeBufferPointer {
      shelf_webp_size($0.baseAddress, $0.count, &width, &height) == 1
    }
    return isRead ? (Int(width), Int(height)) : nil
  }

  /// The logical screen: width and height, 2 bytes each, little-endian.
  private static func gifSize(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count >= 10 else { return nil }
    return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
  }

  /// The first start-of-frame segment's lines and samples a line.
  private static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
    var index = 2
    while index + 4 <= bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {  // fill byte
        index += 1
        continue
      }
      if marker == 0x01 || (0xD0...0xD8).contains(marker) {  // no length
        index += 2
        continue
      }
      let length = bigEndian(bytes, index + 2, count: 2)
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame {
        guard index + 9 <= bytes.count else { return nil }
        return (bigEndian(bytes, index + 7, count: 2), bigEndian(bytes, index + 5, count: 2))
      }
      guard length >= 2 else { return nil }
      index += 2 + length
    }
    return nil
  }

  /// The pixels of `bytes`, once their header says they are few enough; a
  /// JPEG scaled down as it is decoded while it stays at least `least`
  /// (the cover needs no more), whole when nil.
  public static func decode(
    _ bytes: [UInt8], least: (width: Int, height: Int)? = nil
  ) throws(CoverError) -> CoverPicture {
    let least = least ?? (Int(Int32.max), Int(Int32.max))
    let (width, height) = try size(of: bytes)
    guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
      throw .tooLarge(width: width, height: height)
    }
    var decodedWidth: Int32 = 0
    var decodedHeight: Int32 = 0
    let format = Format(bytes)
    let isJPEG = format == .jpeg
    let pixels = bytes.withUnsafeBufferPointer { buffer in
      switch format {
      case .jpeg:
        shelf_jpeg_decode(
          buffer.baseAddress, UInt(buffer.count), Int32(clamping: least.width),
          Int32(clamping: least.height), &decodedWidth, &decodedHeight)
      case .webp:
        shelf_webp_decode(buffer.baseAddress, buffer.count, &decodedWidth, &decodedHeight)
      default:
        shelf_image_decode(buffer.baseAddress, Int32(buffer.count), &decodedWidth, &decodedHeight)
      }
    }
    guard let pixels else { throw .undecodable }
    defer {
      switch format {
      case .jpeg: free(pixels)
      case .webp: shelf_webp_free(pixels)
      default: shelf_image_free(pixels)
      }
    }
    // The decoder reads the header again: it must be the size checked (a
    // JPEG's scaled down by at most 8, rounded up).
    let isSize =
      isJPEG
      ? (1...8).contains((width + Int(decodedWidth) - 1) / max(1, Int(decodedWidth)))
        && (1...8).contains((height + Int(decodedHeight) - 1) / max(1, Int(decodedHeight)))
        && decodedWidth <= width && decodedHeight <= height
      : Int(decodedWidth) == width && Int(decodedHeight) == height
    guard isSize, decodedWidth > 0, decodedHeight > 0 else { throw .undecodable }
    let count = Int(decodedWidth) * Int(decodedHeight) * 4
    let rgba = [UInt8](UnsafeBufferPointer(start: pixels, count: count))
    return CoverPicture(width: Int(decodedWidth), height: Int(decodedHeight), rgba: rgba)
  }
}
