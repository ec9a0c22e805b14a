// Numbers, literals, skipping any value, and positions for messages.
extension JSONScanner {
  /// Scans a number; true if it is an integer (no fraction, no exponent).
  mutating func scanNumber() throws(ParseFailure) -> Bool {
    if peek == .minus { position += 1 }
    guard peek.isDigit else { throw unexpected("a digit in a number") }
    if peek == UInt8(ascii: "0") {
      position += 1
      if peek.isDigit {
        throw failure(
          .malformedJSON, at: position - 1, "a number may not start with a leading zero")
      }
    } else {
      while peek.isDigit { position += 1 }
    }
    var isInteger = true
    if peek == .period {
      isInteger = false
      position += 1
      guard peek.isDigit else { throw unexpected("a digit after the decimal point") }
      while peek.isDigit { position += 1 }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      isInteger = false
      position += 1
      if peek == .plus || peek == .minus { position += 1 }
      guard peek.isDigit else { throw unexpected("a digit in the exponent") }
      while peek.isDigit { position += 1 }
    }
    return isInteger
  }

  /// The integer in `range`, or nil if it does not fit in an `Int`.
  func integer(in range: Range<Int>) -> Int? {
    var index = range.lowerBound
    let isNegative = bytes[index] == .minus
    if isNegative { index += 1 }
    var value = 0
    while index < range.upperBound {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let digit = Int(bytes[index] &- UInt8(ascii: "0"))
      let (sum, overflow2) =
        isNegative
        ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = sum
      index += 1
    }
    return value
  }

  /// The number in `range` as a `Double`.
  func double(in range: Range<Int>) -> Double {
    // Exact fast path: up to 15 significant digits and a power of ten up to 22
    // are both exact in a Double, so one multiplication or division rounds once.
    var index = range.lowerBound
    let isNegative = bytes[index] == .minus
    if isNegative { index += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    while index < range.upperBound, bytes[index].isDigit {
      mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
      if mantissa != 0 { digits += 1 }
      index += 1
    }
    if index < range.upperBound, bytes[index] == .period {
      index += 1
      while index < range.upperBound, bytes[index].isDigit {
        mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
        if mantissa != 0 { digits += 1 }
        exponent -= 1
        index += 1
      }
    }
    if index == range.upperBound, digits <= 15, exponent >= -22 {
      let value =
        exponent == 0 ? Double(mantissa) : Double(mantissa) / JSONScanner.powersOfTen[-exponent]
      return isNegative ? -value : value
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    return Double(text) ?? .nan
  }

  private static let powersOfTen: [Double] = (0...22).map { power in
    (0..<power).reduce(1.0) { value, _ in value * 10 }
  }

  /// The text of the value in `range`, cut to 24 characters, for messages.
  func excerpt(_ range: Range<Int>) -> String {
    let end = min(range.upperBound, range.lowerBound + 24)
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self)
    return end < range.upperBound ? text + "…" : text
  }

  /// Consumes `true`, `false` or `null`.
  mutating func scanLiteral() throws(ParseFailure) {
    let literal: StaticString
    switch peek {
    case UInt8(ascii: "t"): literal = "true"
    case UInt8(ascii: "f"): literal = "false"
    default: literal = "null"
    }
    let start = position
    let length = literal.utf8CodeUnitCount
    guard start + length <= bytes.count else { throw unexpected("true, false or null") }
    for offset in 0..<length where bytes[start + offset] != literal.utf8Start[offset] {
      position = start + offset
      throw unexpected("true, false or null")
    }
    position += length
  }

  // MARK: - Any value

  /// A description of the value at the current position: `a string`, `an
  /// object`, `the number 42`, `null`; nil if no value starts here.
  func valueKind() -> String? {
    switch peek {
    case .quote: "a string"
    case .openBrace: "an object"
    case .openBracket: "an array"
    case UInt8(ascii: "t"): "true"
    case UInt8(ascii: "f"): "false"
    case UInt8(ascii: "n"): "null"
    case .minus, UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
    default: nil
    }
  }

  /// Skips one value of any type, checking its syntax.
  mutating func skipValue() throws(ParseFailure) {
    switch peek {
    case .quote:
      _ = try scanString()
    case .openBrace:
      guard try beginObject() else { return }
      repeat {
        let keyOffset = position
        _ = try memberKey()
        do { try skipValue() } catch { throw error.adding(.key(keyName(at: keyOffset))) }
      } while try nextMember()
    case .openBracket:
      guard try beginArray() else { return }
      var index = 0
      repeat {
        do { try skipValue() } catch { throw error.adding(.index(index)) }
        index += 1
      } while try nextElement()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      try scanLiteral()
    case .minus, UInt8(ascii: "0")...UInt8(ascii: "9"):
      _ = try scanNumber()
    default:
      throw unexpected("a value")
    }
  }

  /// Skips the object or array at the current position by its brackets
  /// alone, stepping over strings and their escapes: nothing is checked, not
  /// the syntax, the UTF-8 nor the depth. For a skim whose skipped values are
  /// all decoded (and so checked) later: on valid JSON it ends where
  /// `skipValue()` would, several times sooner.
  mutating func skipContainerUnchecked() throws(ParseFailure) {
    let start = position
    let count = bytes.count
    let base = bytes.baseAddress!
    var index = position
    var depth = 0
    while index < count {
      switch base[index] {
      case .openBrace, .openBracket:
        depth += 1
      case .closeBrace, .closeBracket:
        depth -= 1
        if depth == 0 {
          position = index + 1
          return
        }
      case .quote:
        index = Self.closingQuote(in: base, from: index + 1, count: count)
      default:
        break
      }
      index += 1
    }
    throw failure(.malformedJSON, at: start, "unterminated value")
  }

  /// The offset of the `"` that closes a string whose first byte is at
  /// `offset` (escapes stepped over), or `count` if none does.
  @inline(__always) private static func closingQuote(
    in base: UnsafePointer<UInt8>, from offset: Int, count: Int
  ) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = offset
    while true {
      // Eight bytes at a time to the first `"` or `\` (the lowest flagged byte is exact).
      while index + 8 <= count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let mask =
          ((quotes &- ones) & ~quotes & highs) | ((backslashes &- ones) & ~backslashes & highs)
        if mask != 0 {
          index &+= mask.trailingZeroBitCount &>> 3
          break
        }
        index &+= 8
      }
      guard index < count else { return count }
      switch base[index] {
      case .quote: return index
      case .backslash: index += 2
      default: index += 1
      }
    }
  }

  /// The key whose opening quote is at `offset`, decoded again for a message.
  func keyName(at offset: Int) -> String {
    var copy = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
    copy.position = offset
    guard let span = try? copy.scanString() else { return "?" }
    return copy.string(span)
  }

  // MARK: - Positions

  /// The 1-based line and column (in characters) of `offset`.
  func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    let end = min(offset, bytes.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < end {
      if bytes[index] == .newline {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    var column = 1
    for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 { column += 1 }
    return (line, column)
  }
}
