/// Progress held to a multiple of 1/65536, so that slot arithmetic in `Double`
/// is exact and a gap's rounded slots never add up to more than the gap.
struct TransitionStep: Hashable, Sendable {
  /// How far, in 65536ths.
  private let units: Int
  private static let whole = 65536

  /// The step nearest below `progress` (clamped to 0...1).
  init(_ progress: Double) {
    units = Int(min(1, max(0, progress)) * Double(Self.whole))
  }

  /// The progress, as a `Double`.
  var progress: Double { Double(units) / Double(Self.whole) }

  /// Columns of something `size` wide that is opening: 0 at the start, `size` at the end.
  func opened(_ size: Int) -> Int { size * units / Self.whole }

  /// Columns of something `size` wide that is closing: `size` at the start, 0 at the end.
  func closed(_ size: Int) -> Int { size * (Self.whole - units) / Self.whole }

  /// Columns (or lines) taken by closing slots `closing` wide in all and
  /// opening slots `opening` wide in all, rounded down once: never more than the
  /// still things around them leave.
  func span(closing: Int, opening: Int) -> Int {
    (closing * (Self.whole - units) + opening * units) / Self.whole
  }
}
