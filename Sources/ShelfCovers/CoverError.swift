/// Why a picture gives no cover: the card shows its placeholder, and the
/// log says this once.
public enum CoverError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not a PNG, JPEG, GIF or WebP.
  case unknownFormat
  /// The header declares more pixels than a cover may decode.
  case tooLarge(width: Int, height: Int)
  /// The header reads, the pixels do not (a truncated or corrupt file).
  case undecodable
  /// The file could not be read, or is larger than a cover may be.
  case unreadable(String)
  /// The URL could not be fetched.
  case unavailable(String)

  public var description: String {
    switch self {
    case .unknownFormat: "not a PNG, JPEG, GIF or WebP picture"
    case .tooLarge(let width, let height):
      "a \(width) x \(height) picture is larger than a cover may be"
        + " (\(CoverDecoder.maximumSide) pixels a side, \(CoverDecoder.maximumPixels / 1_048_576) Mpixels)"
    case .undecodable: "a truncated or corrupt picture"
    case .unreadable(let reason), .unavailable(let reason): reason
    }
  }
}
