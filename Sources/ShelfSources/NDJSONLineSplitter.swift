/// Splits a byte stream into numbered lines, holding at most one line (up to a
/// limit) in memory; a longer line is dropped as it arrives and reported by its length.
///
/// Pure: feed it chunks as they are read, then `finish()` at the end of input.
package struct NDJSONLineSplitter: Sendable {
  /// One line of the stream.
  package enum Line: Equatable, Sendable {
    /// A line's bytes, without the line break (and without a `\r` before it).
    case complete(number: Int, bytes: [UInt8])
    /// A line longer than the limit, with the number of bytes it had.
    case tooLong(number: Int, length: Int)
    /// The input ended in the middle of this line (it had no final line break).
    case unterminated(number: Int, bytes: [UInt8])

    /// The line's number, from 1.
    package var number: Int {
      switch self {
      case .complete(let number, _), .tooLong(let number, _), .unterminated(let number, _): number
      }
    }
  }

  /// The longest line kept, in bytes.
  package let maximumLineLength: Int
  private var current: [UInt8] = []
  private var currentLength = 0
  private var lineNumber = 1

  /// A splitter that keeps lines up to `maximumLineLength` bytes.
  package init(maximumLineLength: Int) {
    self.maximumLineLength = maximumLineLength
  }

  /// The lines completed by `chunk`; blank lines are skipped.
  package mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> [Line] {
    var lines: [Line] = []
    var start = 0
    while start < chunk.count {
      let newline = chunk[start...].firstIndex(of: .newline)
      let end = newline ?? chunk.count
      append(UnsafeBufferPointer(rebasing: chunk[start..<end]))
      guard newline != nil else { break }
      if let line = takeLine(terminated: true) { lines.append(line) }
      start = end + 1
    }
    return lines
  }

  /// `feed(_:)` for an array.
  package mutating func feed(_ chunk: [UInt8]) -> [Line] {
    chunk.withUnsafeBufferPointer { feed($0) }
  }

  /// The last line, if the input ended without a line break after it.
  package mutating func finish() -> Line? {
    takeLine(terminated: false)
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    currentLength += bytes.count
    if currentLength <= maximumLineLength + 1 {
      // One byte over the limit is kept so a final `\r` can still be stripped.
      current.append(contentsOf: bytes)
    } else if !current.isEmpty {
      current = []
    }
  }

  private mutating func takeLine(terminated: Bool) -> Line? {
    defer {
      current.removeAll(keepingCapacity: current.capacity <= 1 << 20)
      currentLength = 0
      lineNumber += 1
    }
    var length = currentLength
    if length <= maximumLineLength + 1, current.last == .carriageReturn {
      current.removeLast()
      length -= 1
    }
    if length > maximumLineLength { return .tooLong(number: lineNumber, length: length) }
    if current.allSatisfy({ $0 == .space || $0 == .tab || $0 == .carriageReturn }) { return nil }
    return terminated
      ? .complete(number: lineNumber, bytes: current)
      : .unterminated(number: lineNumber, bytes: current)
  }
}
