import ShelfDiff

/// A random number generator that gives the same sequence for the same seed on
/// every machine, so property tests over fixed seeds are repeatable: the
/// package's SplitMix64.
package typealias SeededGenerator = SplitMix64
