/// Progress arithmetic for transitions, without libm (ShelfUI links no Foundation).
enum Easing {
  /// Ease-in-out: slow start, fast middle, slow end; 0 at 0 and 1 at 1.
  static func inOut(_ t: Double) -> Double {
    let t = min(1, max(0, t))
    if t < 0.5 { return 2 * t * t }
    let u = -2 * t + 2
    return 1 - u * u / 2
  }

  /// The linear progress of a span from `start` lasting `duration` at `now`.
  static func progress(start: UInt64, duration: UInt64, now: UInt64) -> Double {
    guard duration > 0, now > start else { return duration == 0 ? 1 : 0 }
    return min(1, Double(now - start) / Double(duration))
  }

  /// `a` moved towards `b` by `p`, rounded to the nearest whole cell.
  static func lerp(_ a: Int, _ b: Int, _ p: Double) -> Int {
    if p <= 0 { return a }
    if p >= 1 { return b }
    return round(Double(a) + Double(b - a) * p)
  }

  /// The nearest integer (halves away from zero).
  static func round(_ value: Double) -> Int {
    value < 0 ? -Int(-value + 0.5) : Int(value + 0.5)
  }
}
