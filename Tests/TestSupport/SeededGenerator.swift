import ShelfDiff

/// A random number generator that gives the same sequence for the same seed on
/// every machine, for tests whose random data must be the same on every run:
/// the package's SplitMix64. Property tests draw from PropertyBased instead
/// (`propertyCheck` over `Gen.draws` and the like), whose cases shrink.
package typealias SeededGenerator = SplitMix64
