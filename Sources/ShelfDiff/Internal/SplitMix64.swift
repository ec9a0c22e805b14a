/// SplitMix64: the same sequence for the same seed on every machine.
///
/// `package`: the demo generator, the benchmarks and the tests draw from it,
/// for data that is the same on every machine and run. It lives here rather
/// than in the tests' support target because the demo feed
/// (`ShelfCatalog`'s `DemoGenerator`, part of the library) needs it too, and a
/// second copy there would be duplicate code; `package` keeps it out of the
/// public API. The property tests do not use it: they draw from
/// PropertyBased's generators, which shrink a failing case.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  package init(seed: UInt64) {
    state = seed &+ 0x9E37_79B9_7F4A_7C15
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
