/// Bounds that keep loading fast and the app responsive; past them a catalog
/// is rejected with a clear message (exit code 65).
public struct CatalogLimits: Hashable, Sendable {
  /// The largest file (or stream line handed to the loader), in bytes.
  public var maximumFileSize: Int
  /// How deeply arrays and objects may nest, the top-level object counting as 1.
  public var maximumDepth: Int
  /// The longest id, in UTF-8 bytes.
  public var maximumIDLength: Int
  /// The longest title, subtitle, summary or tag, in UTF-8 bytes. Long titles
  /// well under this are kept whole; the UI truncates them for display.
  public var maximumStringLength: Int
  /// The years a card may have.
  public var years: ClosedRange<Int>
  /// The ratings a card may have.
  public var ratings: ClosedRange<Double>
  /// How many warnings are kept; the rest are only counted.
  public var maximumWarnings: Int

  /// Limits from their parts; the defaults are those of `CatalogLimits.default`.
  public init(
    maximumFileSize: Int = 256 << 20, maximumDepth: Int = 64, maximumIDLength: Int = 256,
    maximumStringLength: Int = 1 << 20, years: ClosedRange<Int> = -9999...9999,
    ratings: ClosedRange<Double> = 0...5, maximumWarnings: Int = 100
  ) {
    self.maximumFileSize = maximumFileSize
    self.maximumDepth = maximumDepth
    self.maximumIDLength = maximumIDLength
    self.maximumStringLength = maximumStringLength
    self.years = years
    self.ratings = ratings
    self.maximumWarnings = maximumWarnings
  }

  /// 256 MiB files, depth 64, ids up to 256 bytes, strings up to 1 MiB,
  /// years -9999...9999, ratings 0...5, 100 warnings.
  public static let `default` = CatalogLimits()
}
