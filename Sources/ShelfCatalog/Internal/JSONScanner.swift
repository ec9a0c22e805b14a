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
  /// Whether every byte is ASCII (known only for a string without escapes).
  var isASCII = false
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
    // Compact JSON's common case, `,"`, in one test.
    if position &+ 1 < bytes.count, bytes[position] == .comma, bytes[position &+ 1] == .quote {
      position &+= 1
      return true
    }
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

  /// Scans a member's key and the `:` after it, as `memberKey()` does, and
  /// returns the key's bytes packed as `packedKey` packs them.
  ///
  /// The catalog's keys are short and plain: one eight-byte load holds the
  /// whole key and its closing quote, and finding that quote is the only
  /// test. Any other key (longer, escaped, not ASCII, near the end of the
  /// input) takes `memberKey()`'s path, with its checks and failures.
  @inline(__always) mutating func memberPackedKey() throws(ParseFailure) -> UInt64? {
    let start = position &+ 1
    if start &+ 9 <= bytes.count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt64.self))
      let attention = JSONScanner.attentionMask(word)
      // The lowest flagged byte is exact; none flagged: eight plain bytes.
      let length = attention == 0 ? 8 : attention.trailingZeroBitCount &>> 3
      if bytes[start &+ length] == .quote {
        position = start &+ length &+ 1
        if peek == .colon {
          position &+= 1
        } else {
          skipWhitespace()
          guard peek == .colon else { throw unexpected("':' after an object key") }
          position += 1
        }
        skipWhitespace()
        return length == 8 ? word : word & ((1 &<< UInt64(length &* 8)) &- 1)
      }
    }
    // Scanned first: `packedKey(try memberKey())` would read `self` (and
    // its scratch, where an escaped key is decoded) before the scan.
    let key = try memberKey()
    return packedKey(key)
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
}

extension UInt8 {
  package static let space = UInt8(ascii: " ")
  package static let newline = UInt8(ascii: "\n")
  package static let carriageReturn = UInt8(ascii: "\r")
  package static let tab = UInt8(ascii: "\t")
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
