// Strings: escapes and UTF-8 validated as they are scanned.
extension JSONScanner {
  /// Scans the string that starts at the current `"`, validating escapes and UTF-8.
  mutating func scanString() throws(ParseFailure) -> StringSpan {
    let open = position
    position += 1
    var runStart = position
    var isEscaped = false
    var isASCII = true
    let count = bytes.count
    while true {
      // The common case: plain ASCII, skipped eight bytes at a time, then
      // straight to the first byte that needs a look.
      while position + 8 <= count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(
            as: UInt64.self))
        let attention = JSONScanner.attentionMask(word)
        if attention != 0 {
          position &+= attention.trailingZeroBitCount &>> 3
          break
        }
        position &+= 8
      }
      guard position < count else {
        throw failure(.malformedJSON, at: open, "unterminated string")
      }
      let byte = bytes[position]
      if byte == .quote {
        let end = position
        position += 1
        if isEscaped {
          scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end]))
          return StringSpan(start: open + 1, end: end, isEscaped: true)
        }
        return StringSpan(start: open + 1, end: end, isEscaped: false, isASCII: isASCII)
      } else if byte == .backslash {
        if !isEscaped {
          scratch.removeAll(keepingCapacity: true)
          isEscaped = true
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
        try scanEscape()
        runStart = position
      } else if byte < 0x20 {
        let name =
          byte == .newline
          ? "a line break" : "the control character \(MessageText.codePoint(UInt32(byte)))"
        throw failure(.malformedJSON, at: position, "\(name) inside a string (escape it)")
      } else if byte >= 0x80 {
        guard let (_, length) = decodeScalar(at: position) else {
          throw failure(
            .invalidUTF8, at: position,
            "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))")
        }
        isASCII = false
        position += length
      } else {
        position += 1
      }
    }
  }

  /// The high bit of each of the eight bytes (little-endian) that is `"`, `\`,
  /// a control byte or non-ASCII. Bits above the lowest may be false alarms
  /// (a borrow carries into the next byte); the lowest set bit is always exact.
  @inline(__always) static func attentionMask(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let quotes = hasZeroByte(word ^ (ones &* 0x22))
    let backslashes = hasZeroByte(word ^ (ones &* 0x5C))
    let controls = (word &- ones &* 0x20) & ~word & highs
    return quotes | backslashes | controls | (word & highs)
  }

  /// Decodes the escape at the current `\` into `scratch`.
  private mutating func scanEscape() throws(ParseFailure) {
    let start = position
    position += 1
    guard position < bytes.count else {
      throw failure(.malformedJSON, at: start, "unterminated string")
    }
    let byte = bytes[position]
    position += 1
    switch byte {
    case .quote, .backslash, .slash: scratch.append(byte)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(.newline)
    case UInt8(ascii: "r"): scratch.append(.carriageReturn)
    case UInt8(ascii: "t"): scratch.append(.tab)
    case UInt8(ascii: "u"):
      var value = try hexQuad(escapeStart: start)
      if (0xDC00...0xDFFF).contains(value) {
        throw failure(.malformedJSON, at: start, "unpaired surrogate \\u\(hex4(value)) in a string")
      }
      if (0xD800...0xDBFF).contains(value) {
        guard position + 1 < bytes.count, bytes[position] == .backslash,
          bytes[position + 1] == UInt8(ascii: "u")
        else {
          throw failure(
            .malformedJSON, at: start, "unpaired surrogate \\u\(hex4(value)) in a string")
        }
        position += 2
        let low = try hexQuad(escapeStart: start)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw failure(
            .malformedJSON, at: start, "unpaired surrogate \\u\(hex4(value)) in a string")
        }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      appendUTF8(value)
    default:
      position -= 1
      throw failure(
        .malformedJSON, at: start, "invalid escape '\\' followed by \(foundByte(at: position))")
    }
  }

  private func hex4(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - hex.count) + hex
  }

  private mutating func hexQuad(escapeStart: Int) throws(ParseFailure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count else {
        throw failure(.malformedJSON, at: escapeStart, "unterminated string")
      }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        throw failure(
          .malformedJSON, at: escapeStart, "invalid \\u escape: expected four hex digits")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  private mutating func appendUTF8(_ value: UInt32) {
    switch value {
    case 0..<0x80:
      scratch.append(UInt8(value))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | value >> 6))
      scratch.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | value >> 12))
      scratch.append(UInt8(0x80 | (value >> 6) & 0x3F))
      scratch.append(UInt8(0x80 | value & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | value >> 18))
      scratch.append(UInt8(0x80 | (value >> 12) & 0x3F))
      scratch.append(UInt8(0x80 | (value >> 6) & 0x3F))
      scratch.append(UInt8(0x80 | value & 0x3F))
    }
  }

  /// The scanned string's decoded length in bytes.
  func length(of span: StringSpan) -> Int {
    span.isEscaped ? scratch.count : span.end - span.start
  }

  /// The scanned string as a `String`; call before the next string is scanned.
  ///
  /// A string without escapes is copied as it stands: `scanString` has
  /// validated its UTF-8 already, and checking it again cost a tenth of
  /// decoding a large catalog. (Its ASCII flag is passed on, so the string
  /// still compares at memory speed.)
  func string(_ span: StringSpan) -> String {
    if span.isEscaped { return String(decoding: scratch, as: UTF8.self) }
    let text = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
    if #available(macOS 26, iOS 26, tvOS 26, *) {
      return String(copying: UTF8Span(unchecked: text.span, isKnownASCII: span.isASCII))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Up to the first eight bytes of the string packed little-endian, and whether
  /// it was longer; for matching keys without making a `String`.
  func packedKey(_ span: StringSpan) -> UInt64? {
    if span.isEscaped {
      guard scratch.count <= 8 else { return nil }
      return scratch.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
    guard span.end - span.start <= 8 else { return nil }
    var packed: UInt64 = 0
    var index = span.end
    while index > span.start {
      index -= 1
      packed = packed << 8 | UInt64(bytes[index])
    }
    return packed
  }
}
