/// A previewed command's output as the preview pane shows it: lines of
/// styled runs, safe to draw.
///
/// The colours and attributes the command set with SGR sequences
/// (`ESC [ … m`) are kept; every other control character or escape sequence
/// is made visible or dropped as any catalog text is (`TerminalText`), so the
/// output can never move the cursor, clear the screen or set a title. A tab
/// moves to the next multiple of eight columns; a carriage return before a
/// line feed is dropped.
public struct PreviewText: Equatable, Sendable {
  /// Text in one style.
  public struct Run: Equatable, Sendable {
    /// Safe glyphs (`TerminalText.sanitized`).
    public var text: String
    public var style: Style
  }

  /// The most bytes of output read: the rest is not read (the command is stopped).
  public static let byteLimit = 1 << 20
  /// The most lines of output shown: the rest is not read.
  public static let lineLimit = 5_000

  /// The lines, each its runs left to right.
  public var lines: [[Run]]
  /// Whether the output went past `byteLimit` or `lineLimit` and was cut there.
  public var isCut: Bool

  /// No output.
  public static let empty = PreviewText(lines: [], isCut: false)

  /// `lines` as given.
  public init(lines: [[Run]], isCut: Bool) {
    self.lines = lines
    self.isCut = isCut
  }

  /// The output `bytes`, up to `byteLimit` bytes and `lineLimit` lines
  /// (`isCut` says whether they held more, or `isCut` is given true).
  ///
  /// - Complexity: O(`bytes.count`), at most O(`byteLimit`).
  public init(_ bytes: some Collection<UInt8>, isCut: Bool = false) {
    var parser = Parser()
    var read = 0
    var lines: [[Run]] = []
    var wasCut = isCut
    for byte in bytes {
      if read == Self.byteLimit {
        wasCut = true
        break
      }
      read += 1
      if byte == 0x0A {
        lines.append(parser.endLine())
        if lines.count == Self.lineLimit {
          wasCut = wasCut || read < bytes.count
          break
        }
      } else {
        parser.take(byte)
      }
    }
    if lines.count < Self.lineLimit, let last = parser.endLastLine() { lines.append(last) }
    self.init(lines: lines, isCut: wasCut)
  }

  /// Plain `text` in `style`, one line a line of it (messages in the pane).
  public init(message text: String, style: Style) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      [Run(text: TerminalText.sanitized(String($0)), style: style)]
    }
    isCut = false
  }
}

// MARK: - Reading bytes

extension PreviewText {
  /// Reads one line at a time: its text, split into runs where the style
  /// changes, and the style, which carries over to the next line.
  private struct Parser {
    private enum State {
      case text
      /// After ESC.
      case escape
      /// In `ESC [`, its parameter and intermediate bytes so far.
      case sequence([UInt8])
    }

    private var state = State.text
    private var style = Style.plain
    private var pending: [UInt8] = []
    private var runs: [Run] = []
    /// Columns of the line's runs so far (for tabs).
    private var column = 0
    /// Whether the line has seen a byte (a last line with none is no line).
    private var isLineStarted = false

    mutating func take(_ byte: UInt8) {
      isLineStarted = true
      switch state {
      case .text:
        switch byte {
        case 0x1B: state = .escape
        case 0x09:
          flush()
          let spaces = 8 - column % 8
          appendText(String(repeating: " ", count: spaces))
        default: pending.append(byte)
        }
      case .escape:
        if byte == UInt8(ascii: "[") {
          state = .sequence([])
        } else {
          // Not a CSI: the ESC shows (as catalog text shows it), and so does the byte.
          pending.append(0x1B)
          state = .text
          take(byte)
        }
      case .sequence(var body):
        switch byte {
        case 0x20...0x3F where body.count < 64:
          body.append(byte)
          state = .sequence(body)
        case UInt8(ascii: "m") where body.allSatisfy(Self.isSGRParameter):
          flush()
          style = Self.applying(sgr: body, to: style)
          state = .text
        default:
          // Any other sequence is shown as it came, its ESC made visible.
          pending.append(0x1B)
          pending.append(UInt8(ascii: "["))
          pending += body
          state = .text
          take(byte)
        }
      }
    }

    /// The line's runs; the next line starts in the style this one ended in.
    mutating func endLine() -> [Run] {
      if case .sequence(let body) = state {
        pending += [0x1B, UInt8(ascii: "[")] + body
      } else if case .escape = state {
        pending.append(0x1B)
      }
      state = .text
      if pending.last == 0x0D { pending.removeLast() }
      flush()
      defer {
        runs = []
        column = 0
        isLineStarted = false
      }
      return runs
    }

    /// The last line, when the output did not end with a line feed.
    mutating func endLastLine() -> [Run]? {
      isLineStarted ? endLine() : nil
    }

    private mutating func flush() {
      guard !pending.isEmpty else { return }
      appendText(String(decoding: pending, as: UTF8.self))
      pending.removeAll(keepingCapacity: true)
    }

    private mutating func appendText(_ raw: String) {
      let text = TerminalText.sanitized(raw)
      guard !text.isEmpty else { return }
      column += TerminalText.width(of: text)
      if let last = runs.indices.last, runs[last].style == style {
        runs[last].text += text
      } else {
        runs.append(Run(text: text, style: style))
      }
    }

    private static func isSGRParameter(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    // MARK: - SGR

    /// `style` after the SGR sequence whose parameters are `body`.
    static func applying(sgr body: [UInt8], to style: Style) -> Style {
      // `38:5:n` and `38;5;n` alike: sub-parameters are read as parameters.
      var numbers = body.split(
        omittingEmptySubsequences: false,
        whereSeparator: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }
      ).map { digits in
        digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), 100_000) }
      }
      if numbers.isEmpty { numbers = [0] }
      var style = style
      var index = 0
      while index < numbers.count {
        let code = numbers[index]
        index += 1
        switch code {
        case 0: style = .plain
        case 1: style.isBold = true
        case 2: style.isDim = true
        case 4: style.isUnderlined = true
        case 7: style.isReversed = true
        case 22:
          style.isBold = false
          style.isDim = false
        case 24: style.isUnderlined = false
        case 27: style.isReversed = false
        case 30...37: style.foreground = .indexed(code - 30)
        case 39: style.foreground = .default
        case 40...47: style.background = .indexed(code - 40)
        case 49: style.background = .default
        case 90...97: style.foreground = .indexed(code - 90 + 8)
        case 100...107: style.background = .indexed(code - 100 + 8)
        case 38, 48:
          guard let color = extendedColor(numbers, at: &index) else { continue }
          if code == 38 { style.foreground = color } else { style.background = color }
        default: break  // italic, blink, strike-through, fonts: not shown
        }
      }
      return style
    }

    /// The colour of `38;5;n` or `38;2;r;g;b` whose `5` or `2` is at
    /// `index`, which moves past it; a true colour becomes the nearest of
    /// the 256-colour palette.
    private static func extendedColor(_ numbers: [Int], at index: inout Int) -> Color? {
      guard index < numbers.count else { return nil }
      let kind = numbers[index]
      index += 1
      switch kind {
      case 5:
        guard index < numbers.count else { return nil }
        defer { index += 1 }
        return numbers[index] < 256 ? .indexed(numbers[index]) : nil
      case 2:
        guard index + 2 < numbers.count else {
          index = numbers.count
          return nil
        }
        defer { index += 3 }
        let (red, green, blue) = (numbers[index], numbers[index + 1], numbers[index + 2])
        return .indexed(nearestIndex(red: red, green: green, blue: blue))
      default:
        return nil
      }
    }

    /// The index in xterm's 6×6×6 colour cube nearest to a 24-bit colour.
    static func nearestIndex(red: Int, green: Int, blue: Int) -> Int {
      func level(_ value: Int) -> Int {
        let value = min(255, max(0, value))
        return value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
      }
      return 16 + 36 * level(red) + 6 * level(green) + level(blue)
    }
  }
}
