@preconcurrency internal import CNCursesW
import ShelfUI

/// Turns what `wget_wch` returns into `Key` values, reading escape sequences
/// whole.
///
/// ncurses decodes the sequences its terminfo entry knows; any other (tmux's
/// `ESC [ 1 ~` for Home under `TERM=xterm-256color`, Alt+key, an old X10 mouse
/// report, a bracketed paste) reaches the decoder a character at a time,
/// starting with ESC. An ESC is held until the rest of its sequence has come:
/// a CSI (`ESC [` parameters, intermediates, a final byte), an SS3 (`ESC O`
/// final byte), a Linux console function key (`ESC [ [` letter), an X10 mouse
/// report (`ESC [ M` and three bytes), a control string (`ESC ]`, `ESC P`, ...
/// up to BEL or `ESC \`), or one more character (Alt+key). A sequence becomes
/// one key, or nothing: its bytes are never taken as keys of their own. Only
/// an ESC that nothing follows within the escape delay is the Esc key (the
/// reader says when the delay has passed: `expire()`).
///
/// A pure state machine: no I/O, and time only as values passed in, so any
/// split of a stream into reads decodes to the same keys.
struct KeyDecoder {
  /// One thing `wget_wch` returned.
  enum Input: Hashable, Sendable {
    /// A character (`OK`): a Unicode scalar value.
    case character(UInt32)
    /// A key ncurses decoded itself (`KEY_CODE_YES`), such as an arrow or a
    /// mouse event; nil for a code that means nothing to Shelf.
    case key(Key?)
  }

  /// How long, in milliseconds, the rest of an escape sequence may take to
  /// come after its last character.
  static let escapeDelay: UInt64 = 25
  /// How long a bracketed paste may go quiet before a key ends it: a terminal
  /// that lost the end mark must not swallow every key after it.
  static let pasteSilence: UInt64 = 1_000
  /// The most characters a paste keeps (the rest are dropped).
  static let pasteLimit = 4_096
  /// The most characters of a sequence's parameters kept; a longer sequence
  /// is still read to its end, and ignored.
  private static let parameterLimit = 32

  private enum State: Hashable {
    /// Between keys.
    case ground
    /// ESC read; `isAlt` when it followed another ESC (Alt with a sequence).
    case escape(isAlt: Bool)
    /// `ESC [` or `ESC O` read: parameter and intermediate bytes so far.
    case sequence(isSS3: Bool, parameters: String, isTooLong: Bool)
    /// `ESC [ [` read: one more character names a Linux console F-key.
    case linuxFunction
    /// `ESC [ M` read: this many bytes of the X10 mouse report to swallow.
    case mouseReport(remaining: Int)
    /// A control string (OSC, DCS, APC, PM, SOS): swallowed up to BEL or
    /// ESC `\`; `isEscape` after its ESC.
    case controlString(isEscape: Bool)
    /// Inside a bracketed paste: the text so far, its length, and where an
    /// escape sequence inside it stands (its end mark `ESC [ 2 0 1 ~` is one).
    case paste(text: String, count: Int, escape: PasteEscape)
  }

  /// Where an escape sequence inside a paste stands: pasted sequences are
  /// read whole and dropped whole, so none of their bytes becomes text.
  private enum PasteEscape: Hashable {
    /// In text; `afterReturn` right after a CR (whose LF adds no space).
    case none(afterReturn: Bool)
    /// ESC read.
    case escape
    /// `ESC [` and these parameter and intermediate bytes read (at most
    /// `parameterLimit` of them kept: enough to tell the end mark).
    case csi(String)
    /// `ESC O` read: one more character ends it.
    case ss3
    /// A control string (OSC, DCS, ...), up to BEL or the next ESC.
    case controlString
  }

  private var state = State.ground
  /// When the last input came, in milliseconds.
  private var lastInput: UInt64 = 0

  /// Whether an escape sequence has begun and not ended: the reader should
  /// wait for more until `deadline`, then call `expire()`.
  var isWaitingForSequence: Bool {
    switch state {
    case .ground, .paste: false
    default: true
    }
  }

  /// When the sequence begun waits no longer for its rest; nil when none is.
  var deadline: UInt64? {
    isWaitingForSequence ? lastInput + Self.escapeDelay : nil
  }

  /// Whether a bracketed paste has begun and not ended.
  var isInPaste: Bool {
    if case .paste = state { return true }
    return false
  }

  /// Reads one input that came at `time` (milliseconds); returns the keys
  /// it completes, in order.
  mutating func feed(_ input: Input, at time: UInt64) -> [Key] {
    var keys: [Key] = []
    // (The escape delay is the reader's to judge: it reads on until its
    // deadline, and a character it got in time may carry a later time.)
    if case .paste = state, time > lastInput + Self.pasteSilence { endPaste(into: &keys) }
    lastInput = time
    switch input {
    case .character(let value): read(value, into: &keys)
    case .key(let key): read(key, into: &keys)
    }
    return keys
  }

  /// Reads `bytes`, typed at `time` before ncurses read the terminal (while
  /// it was asked about itself), as the characters they are in UTF-8, in
  /// order; returns the keys they complete. A byte that is no UTF-8 is dropped.
  mutating func feed(typed bytes: [UInt8], at time: UInt64) -> [Key] {
    var keys: [Key] = []
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): keys += feed(.character(scalar.value), at: time)
      case .emptyInput: break decoding
      case .error: continue
      }
    }
    return keys
  }

  /// The escape delay has passed with nothing more: a lone ESC is the Esc
  /// key, and a sequence cut short is dropped.
  mutating func expire() -> [Key] {
    var keys: [Key] = []
    expire(into: &keys)
    return keys
  }

  private mutating func expire(into keys: inout [Key]) {
    switch state {
    case .escape(isAlt: false): keys.append(.escape)
    case .paste: return
    default: break
    }
    state = .ground
  }

  // MARK: - Characters

  private mutating func read(_ key: Key?, into keys: inout [Key]) {
    switch state {
    case .ground, .escape:
      // A key ncurses decoded after ESC is that key with Alt: Alt is dropped.
      state = .ground
      if let key { keys.append(key) }
    case .paste:
      break  // a key inside pasted text is text ncurses took for a key: dropped
    default:
      // A sequence of ours cut by one ncurses knows: ours is dropped.
      state = .ground
      if let key { keys.append(key) }
    }
  }

  private mutating func read(_ value: UInt32, into keys: inout [Key]) {
    switch state {
    case .ground:
      if value == 0x1B {
        state = .escape(isAlt: false)
      } else if let key = Self.key(forCharacter: value) {
        keys.append(key)
      }
    case .escape(let isAlt):
      readAfterEscape(value, isAlt: isAlt)
    case .sequence(let isSS3, let parameters, let isTooLong):
      readSequence(value, isSS3: isSS3, parameters: parameters, isTooLong: isTooLong, into: &keys)
    case .linuxFunction:
      state = .ground
      // A...E: F1...F5
      if (0x41...0x45).contains(value) { keys.append(.function(Int(value) - 0x40)) }
    case .mouseReport(let remaining):
      state = remaining > 1 ? .mouseReport(remaining: remaining - 1) : .ground
    case .controlString(let isEscape):
      if value == 0x07 || (isEscape && value == 0x5C) {
        state = .ground
      } else {
        state = .controlString(isEscape: value == 0x1B)
      }
    case .paste(let text, let count, let escape):
      readPaste(value, text: text, count: count, escape: escape, into: &keys)
    }
  }

  private mutating func readAfterEscape(_ value: UInt32, isAlt: Bool) {
    switch value {
    case 0x5B: state = .sequence(isSS3: false, parameters: "", isTooLong: false)  // [
    case 0x4F: state = .sequence(isSS3: true, parameters: "", isTooLong: false)  // O
    case 0x1B: state = .escape(isAlt: !isAlt)  // ESC ESC: Alt with a sequence
    case 0x5D, 0x50, 0x5F, 0x5E, 0x58: state = .controlString(isEscape: false)  // ] P _ ^ X
    default: state = .ground  // Alt+key: not a key of Shelf's
    }
  }

  private mutating func readSequence(
    _ value: UInt32, isSS3: Bool, parameters: String, isTooLong: Bool, into keys: inout [Key]
  ) {
    switch value {
    case 0x24 where !isSS3 && !parameters.isEmpty && parameters.allSatisfy(\.isASCIIDigitByte):
      // rxvt's Shift with a VT220 key (`ESC [ 7 $`): `$` ends it.
      state = .ground
      if let key = Self.csiKey(parameters: parameters, final: "$") { keys.append(key) }
    case 0x20...0x3F:  // parameter and intermediate bytes
      guard !isTooLong else { return }
      let longer = parameters.unicodeScalars.count >= Self.parameterLimit
      state = .sequence(
        isSS3: isSS3, parameters: longer ? "" : parameters + String(UnicodeScalar(UInt8(value))),
        isTooLong: longer)
    case 0x40...0x7E:  // the final byte
      state = .ground
      guard !isTooLong else { return }
      let final = UnicodeScalar(UInt8(value))
      if isSS3 {
        if let key = Self.ss3Key(final: final) { keys.append(key) }
        return
      }
      switch (parameters, final) {
      case ("", "M"): state = .mouseReport(remaining: 3)
      case ("", "["): state = .linuxFunction
      case ("200", "~"): state = .paste(text: "", count: 0, escape: .none(afterReturn: false))
      default:
        if let key = Self.csiKey(parameters: parameters, final: final) { keys.append(key) }
      }
    case 0x1B:
      state = .escape(isAlt: false)  // a broken sequence, then a new one
    default:
      state = .ground  // a character no sequence holds: the sequence is dropped with it
    }
  }

  private mutating func readPaste(
    _ value: UInt32, text: String, count: Int, escape: PasteEscape, into keys: inout [Key]
  ) {
    guard let scalar = Unicode.Scalar(value) else { return }
    var text = text
    var count = count
    var next = PasteEscape.none(afterReturn: false)
    switch escape {
    case .none(let afterReturn):
      if value == 0x1B {
        next = .escape
      } else if value == 0x0A && afterReturn {
        break  // CR LF: one line break, one space
      } else {
        Self.appendPasted(scalar, to: &text, count: &count)
        next = .none(afterReturn: value == 0x0D)
      }
    case .escape:
      switch value {
      case 0x5B: next = .csi("")  // [
      case 0x4F: next = .ss3  // O
      case 0x5D, 0x50, 0x5F, 0x5E, 0x58: next = .controlString  // ] P _ ^ X
      case 0x1B: next = .escape
      default: break  // ESC and one character (Alt+key): both dropped
      }
    case .csi(let parameters):
      switch value {
      case 0x20...0x3F:
        next = .csi(
          parameters.utf8.count < Self.parameterLimit
            ? parameters + String(scalar) : parameters)
      case 0x40...0x7E:
        if parameters == "201" && value == 0x7E {  // the end mark
          state = .paste(text: text, count: count, escape: .none(afterReturn: false))
          endPaste(into: &keys)
          return
        }
      case 0x1B: next = .escape
      default:
        // Not a sequence after all: the character is text, the part before it is dropped.
        Self.appendPasted(scalar, to: &text, count: &count)
      }
    case .ss3:
      if value == 0x1B { next = .escape }
    case .controlString:
      // BEL ends it; so does an ESC, which may begin the end mark.
      if value == 0x1B {
        next = .escape
      } else if value != 0x07 {
        next = .controlString
      }
    }
    state = .paste(text: text, count: count, escape: next)
  }

  private mutating func endPaste(into keys: inout [Key]) {
    if case .paste(let text, _, _) = state, !text.isEmpty { keys.append(.paste(text)) }
    state = .ground
  }

  /// Adds a pasted character, up to `pasteLimit`: a line break or a tab
  /// becomes a space (it separated words), other controls are dropped.
  private static func appendPasted(
    _ scalar: Unicode.Scalar, to text: inout String, count: inout Int
  ) {
    guard count < pasteLimit else { return }
    switch scalar.value {
    case 0x09, 0x0A, 0x0D:
      text.unicodeScalars.append(" ")
    case 0..<0x20, 0x7F, 0x80..<0xA0:
      return
    default:
      text.unicodeScalars.append(scalar)
    }
    count += 1
  }

  // MARK: - Sequences

  /// The key an SS3 sequence (`ESC O` final) stands for.
  static func ss3Key(final: UnicodeScalar) -> Key? {
    switch final {
    case "A", "a": .up  // a-d: rxvt's Ctrl+arrows
    case "B", "b": .down
    case "C", "c": .right
    case "D", "d": .left
    case "H": .home
    case "F": .end
    case "P": .function(1)
    case "Q": .function(2)
    case "R": .function(3)
    case "S": .function(4)
    case "M": .enter  // the keypad's Enter
    default: nil
    }
  }

  /// The key a CSI sequence (`ESC [` parameters final) stands for; modifiers
  /// (`ESC [ 1 ; 5 H`, rxvt's `ESC [ 7 ^`) are dropped.
  static func csiKey(parameters: String, final: UnicodeScalar) -> Key? {
    // Private parameters (`<`, `=`, `>`, `?`) and sub-parameters (`:`) are
    // reports and extended keyboard protocols, not keys of Shelf's.
    guard parameters.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == ";" }) else {
      return nil
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 1
    }
    switch final {
    // Shift alone (`ESC [ 1 ; 2 A`), or rxvt's Shift (`ESC [ a`): Shift+↑ ↓.
    case "A" where numbers.count == 2 && numbers[1] == 2, "a": return .shiftUp
    case "B" where numbers.count == 2 && numbers[1] == 2, "b": return .shiftDown
    case "A": return .up
    case "B": return .down
    case "C", "c": return .right
    case "D", "d": return .left
    case "H": return .home
    case "F": return .end
    case "Z": return .backTab
    case "P": return .function(1)
    case "Q": return .function(2)
    // not a cursor report
    case "R" where numbers.count == 2 && numbers[0] == 1: return .function(3)
    case "S": return .function(4)
    case "~", "^", "$", "@":  // VT220 and xterm; rxvt's Ctrl, Shift, Ctrl+Shift
      return numbers.count > 2 ? nil : vt220Key(numbers.first ?? 1)
    default: return nil
    }
  }

  /// The key of a VT220-style `ESC [ n ~` code.
  private static func vt220Key(_ code: Int) -> Key? {
    switch code {
    case 1, 7: .home  // 7, 8: rxvt
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(code - 10)
    case 17...21: .function(code - 11)
    case 23, 24: .function(code - 12)
    default: nil
    }
  }

  // MARK: - ncurses codes

  /// The key for a character `wget_wch` returned with `OK` outside a
  /// sequence; nil for those that mean nothing to Shelf (ESC is read as the
  /// start of a sequence, never here).
  static func key(forCharacter value: UInt32) -> Key? {
    switch value {
    case 10, 13: return .enter
    case 9: return .tab
    case 8, 127: return .backspace
    case 1...26:
      return Unicode.Scalar(value + 0x60).map { .control(Character($0)) }
    case 0..<32: return nil
    case 0x80..<0xA0: return nil
    default:
      return Unicode.Scalar(value).map { .character(Character($0)) }
    }
  }

  /// The key for a function-key code `wget_wch` returned with `KEY_CODE_YES`;
  /// `name` is ncurses' name for a code beyond the standard ones (`kUP5`,
  /// Ctrl+Up), whose modifier is dropped.
  static func key(forKeyCode code: Int32, name: String? = nil) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_HOME, KEY_FIND, KEY_A1: return .home
    case KEY_END, KEY_SELECT, KEY_C1: return .end
    case KEY_PPAGE, KEY_A3: return .pageUp
    case KEY_NPAGE, KEY_C3: return .pageDown
    case KEY_ENTER: return .enter
    case KEY_BACKSPACE: return .backspace
    case KEY_DC: return .delete
    case KEY_IC: return .insert
    case KEY_BTAB: return .backTab
    case KEY_SR: return .shiftUp  // Shift+Up and Shift+Down in some descriptions
    case KEY_SF: return .shiftDown
    // Shifted keys (terminfo's kLFT, kRIT, kHOM, kEND, kNXT, kPRV: xterm's
    // `ESC [ 1 ; 2 D`, rxvt's `ESC [ d` and `ESC [ 7 $`) do what their plain keys do.
    case KEY_SLEFT: return .left
    case KEY_SRIGHT: return .right
    case KEY_SHOME: return .home
    case KEY_SEND: return .end
    case KEY_SPREVIOUS: return .pageUp
    case KEY_SNEXT: return .pageDown
    default:
      for n in 1...12 where code == shelf_key_f(Int32(n)) { return .function(n) }
      guard let name else { return nil }
      return extendedKey(named: name)
    }
  }

  /// The key of an extended terminfo key name, with a modifier (`kUP5`,
  /// `kHOM3`, `kNXT2`) or Shift alone (`kUP`, `kDN`: xterm's `ESC [ 1 ; 2 A`,
  /// rxvt's `ESC [ a`); nil for others.
  static func extendedKey(named name: String) -> Key? {
    let stem = name.prefix { !("0"..."9").contains($0) }
    switch stem {
    // `kUP` alone is Shift+Up (as `kUP2` would be); `kUP5` is Ctrl+Up.
    case "kUP": return name == "kUP" || name == "kUP2" ? .shiftUp : .up
    case "kDN": return name == "kDN" || name == "kDN2" ? .shiftDown : .down
    case "kLFT": return .left
    case "kRIT": return .right
    case "kHOM": return .home
    case "kEND": return .end
    case "kPRV": return .pageUp
    case "kNXT": return .pageDown
    case "kDC": return .delete
    case "kIC": return .insert
    default: return nil
    }
  }
}

extension Character {
  /// Whether this is one of the ASCII digits 0-9.
  fileprivate var isASCIIDigitByte: Bool { ("0"..."9").contains(self) }
}
