extension Array {
  /// `init(unsafeUninitializedCapacity:initializingWith:)`, except that a
  /// capacity of 0 gives `[]` without calling `initializer`. The standard
  /// initializer, given 0, hands out the standard library's one shared empty
  /// buffer and writes its count: a data race with any other thread reading
  /// an empty array at the time (the thread sanitizer reports it; links run
  /// on the content worker's queue and on the filter's concurrent threads).
  @inline(__always)
  init(
    raceFreeCapacity capacity: Int,
    initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws ->
      Void
  ) rethrows {
    guard capacity > 0 else {
      self = []
      return
    }
    try self.init(unsafeUninitializedCapacity: capacity, initializingWith: initializer)
  }
}
