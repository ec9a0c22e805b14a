/// Whether runs of two arrays hold the same bytes: then each element of one is
/// the very value of the other (the same fields, the same storage references),
/// whatever `==` would say, and comparing it costs no copy, no retain and no
/// call through a protocol. Bytes that differ prove nothing (padding between
/// fields, which a copy need not copy; another buffer with equal contents):
/// callers compare those with `==`.
package enum SameBytes {
  /// Whether `count` elements of `old` from `i` hold the same bytes as those of
  /// `new` from `j`.
  ///
  /// - Precondition: both runs lie within their arrays.
  /// - Complexity: O(`count`) word comparisons.
  package static func elements<Element>(
    of old: [Element], from i: Int, _ new: [Element], from j: Int, count: Int
  ) -> Bool {
    precondition(
      count >= 0 && i >= 0 && j >= 0 && i + count <= old.count && j + count <= new.count,
      "runs outside their arrays")
    guard count > 0 else { return true }
    let stride = MemoryLayout<Element>.stride
    // The last element's trailing padding is not part of the run.
    let length = (count - 1) * stride + MemoryLayout<Element>.size
    return old.withUnsafeBytes { oldBytes in
      new.withUnsafeBytes { newBytes in
        equal(oldBytes.baseAddress! + i * stride, newBytes.baseAddress! + j * stride, length)
      }
    }
  }

  /// Whether `length` bytes from `a` and from `b` are equal, compared a word
  /// at a time.
  ///
  /// - Complexity: O(`length`).
  @inlinable
  package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ length: Int) -> Bool {
    if a == b { return true }
    var offset = 0
    while offset + 8 <= length {
      guard
        a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < length {
      guard
        a.load(fromByteOffset: offset, as: UInt8.self)
          == b.load(fromByteOffset: offset, as: UInt8.self)
      else { return false }
      offset += 1
    }
    return true
  }
}
