/// A step in a JSON path: an object key or an array index.
enum PathComponent: Hashable, Sendable {
  case key(String)
  case index(Int)

  /// `sections[0].rows[3].title` from components listed outermost first.
  static func text(_ components: some Sequence<PathComponent>) -> String {
    var text = ""
    for component in components {
      switch component {
      case .key(let key):
        if !text.isEmpty { text += "." }
        text += MessageText.safe(key)
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text
  }
}

/// A failure while scanning: where (a byte offset), what, and the JSON path,
/// collected innermost first as the failure unwinds.
struct ParseFailure: Error {
  var kind: CatalogError.Kind
  var offset: Int
  var problem: String
  var reversedPath: [PathComponent] = []

  /// The failure one level further out.
  func adding(_ component: PathComponent) -> ParseFailure {
    var failure = self
    failure.reversedPath.append(component)
    return failure
  }
}

/// The bytes a scanned string occupies (without quotes), or, when it held
/// escapes, its decoded bytes in the scanner's scratch buffer.
struct StringSpan {
  var start: Int
  var end: Int
  var isEscaped: Bool
}

/// A byte-level JSON scanner over UTF-8 bytes: strict RFC 8259 grammar,
/// UTF-8 validated inside strings, nesting depth bounded.
///
/// The catalog decoder (`CatalogDecoder`) drives it value by value, so no
/// intermediate tree is built.
struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  let maximumDepth: Int
  var position = 0
  var depth = 0
  /// Decoded bytes of the last string that held escapes.
  var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  var isAtEnd: Bool { position >= bytes.count }

  /// The byte at the current position, or 0 at the end.
  @inline(__always) var peek: UInt8 { position < bytes.count ? bytes[position] : 0 }

  @inline(__always) mutating func skipWhitespace() {
    while position < bytes.count {
      let byte = bytes[position]
      guard byte == .space || byte == .newline || byte == .carriageReturn || byte == .tab else {
        return
      }
      position += 1
    }
  }

  // MARK: - Failures

  func failure(_ kind: CatalogError.Kind, at offset: Int, _ problem: String) -> ParseFailure {
    ParseFailure(kind: kind, offset: offset, problem: problem)
  }

  /// A syntax failure at the current position: `expected X, found Y`.
  func unexpected(_ expectation: String) -> ParseFailure {
    let kind: CatalogError.Kind = isInvalidUTF8(at: position) ? .invalidUTF8 : .malformedJSON
    return failure(kind, at: position, "expected \(expectation), found \(foundByte(at: position))")
  }

  /// How the byte (or character) at `offset` is named in a message.
  func foundByte(at offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the input" }
    let byte = bytes[offset]
    switch byte {
    case UInt8(ascii: "'"): return "\"'\""
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
    case 0x00..<0x20, 0x7F: return "the control character \(MessageText.codePoint(UInt32(byte)))"
    case 0x20: return "a space"
    default:
      if let (scalar, _) = decodeScalar(at: offset) {
        return "the character \(MessageText.codePoint(scalar))"
      }
      return "the invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
  }

  func isInvalidUTF8(at offset: Int) -> Bool {
    offset < bytes.count && bytes[offset] >= 0x80 && decodeScalar(at: offset) == nil
  }

  /// The scalar value and length of the UTF-8 sequence at `offset`, or nil if it is invalid.
  func decodeScalar(at offset: Int) -> (UInt32, Int)? {
    let lead = bytes[offset]
    let remaining = bytes.count - offset
    @inline(__always) func continuation(_ index: Int) -> UInt32? {
      guard index < remaining else { return nil }
      let byte = bytes[offset + index]
      return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
    }
    switch lead {
    case 0x00..<0x80:
      return (UInt32(lead), 1)
    case 0xC2...0xDF:
      guard let c1 = continuation(1) else { return nil }
      return (UInt32(lead & 0x1F) << 6 | c1, 2)
    case 0xE0...0xEF:
      guard let c1 = continuation(1), let c2 = continuation(2) else { return nil }
      let value = UInt32(lead & 0x0F) << 12 | c1 << 6 | c2
      // Overlong forms and UTF-16 surrogates are not UTF-8.
      guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return nil }
      return (value, 3)
    case 0xF0...0xF4:
      guard let c1 = continuation(1), let c2 = continuation(2), let c3 = continuation(3) else {
        return nil
      }
      let value = UInt32(lead & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
      guard (0x10000...0x10FFFF).contains(value) else { return nil }
      return (value, 4)
    default:
      return nil
    }
  }

  // MARK: - Containers

  private mutating func enter() throws(ParseFailure) {
    depth += 1
    if depth > maximumDepth {
      throw failure(
        .tooDeep, at: position, "arrays and objects nest deeper than \(maximumDepth) levels")
    }
  }

  /// Consumes `{` and white space; true if a member follows, false after `}`.
  mutating func beginObject() throws(ParseFailure) -> Bool {
    try enter()
    position += 1
    skipWhitespace()
    if peek == .closeBrace {
      position += 1
      depth -= 1
      return false
    }
    guard peek == .quote else { throw unexpected("a string key or '}'") }
    return true
  }

  /// After a member's value: true if `,` and another key follow, false after `}`.
  mutating func nextMember() throws(ParseFailure) -> Bool {
    skipWhitespace()
    switch peek {
    case .comma:
      position += 1
      skipWhitespace()
      guard peek == .quote else { throw unexpected("a string key after ','") }
      return true
    case .closeBrace:
      position += 1
      depth -= 1
      return false
    default:
      throw unexpected("',' or '}' after an object member")
    }
  }

  /// Scans a member's key and the `:` after it; the value's first byte is next.
  mutating func memberKey() throws(ParseFailure) -> StringSpan {
    let key = try scanString()
    skipWhitespace()
    guard peek == .colon else { throw unexpected("':' after an object key") }
    position += 1
    skipWhitespace()
    return key
  }

  /// Consumes `[` and white space; true if an element follows, false after `]`.
  mutating func beginArray() throws(ParseFailure) -> Bool {
    try enter()
    position += 1
    skipWhitespace()
    if peek == .closeBracket {
      position += 1
      depth -= 1
      return false
    }
    return true
  }

  /// After an element: true if `,` and another element follow, false after `]`.
  mutating func nextElement() throws(ParseFailure) -> Bool {
    skipWhitespace()
    switch peek {
    case .comma:
      position += 1
      skipWhitespace()
      return true
    case .closeBracket:
      position += 1
      depth -= 1
      return false
    default:
      throw unexpected("',' or ']' after an array element")
    }
  }

  // MARK: - Strings

  /// Scans the string that starts at the current `"`, validating escapes and UTF-8.
  mutating func scanString() throws(ParseFailure) -> StringSpan {
    let open = position
    position += 1
    var runStart = position
    var isEscaped = false
    let count = bytes.count
    while true {
      // The common case: plain ASCII, skipped eight bytes at a time.
      while position + 8 <= count {
        let word = UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self)
        if JSONScanner.needsAttention(word) { break }
        position += 8
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
        return StringSpan(start: open + 1, end: end, isEscaped: false)
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
        position += length
      } else {
        position += 1
      }
    }
  }

  /// Whether any of the eight bytes is `"`, `\`, a control byte or non-ASCII.
  @inline(__always) static func needsAttention(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let quotes = hasZeroByte(word ^ (ones &* 0x22))
    let backslashes = hasZeroByte(word ^ (ones &* 0x5C))
    let controls = (word &- ones &* 0x20) & ~word & highs
    return (quotes | backslashes | controls | (word & highs)) != 0
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
  func string(_ span: StringSpan) -> String {
    if span.isEscaped { return String(decoding: scratch, as: UTF8.self) }
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
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

  // MARK: - Scalars

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

extension UInt8 {
  static let space = UInt8(ascii: " ")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let colon = UInt8(ascii: ":")
  static let comma = UInt8(ascii: ",")
  static let period = UInt8(ascii: ".")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")

  @inline(__always) var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}
