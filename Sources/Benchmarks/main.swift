import ShelfDiff

// Filled by the benchmark issue: see DiffBenchmarks.swift.
