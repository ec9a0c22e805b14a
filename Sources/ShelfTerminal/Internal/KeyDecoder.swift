@preconcurrency import CNCursesW
import ShelfUI

/// Turns what `wget_wch` returns into `Key` values.
enum KeyDecoder {
  /// The key for a character `wget_wch` returned with `OK`; nil for those that
  /// mean nothing to Shelf.
  static func key(forCharacter value: UInt32) -> Key? {
    switch value {
    case 10, 13: return .enter
    case 27: return .escape
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

  /// The key for a function-key code `wget_wch` returned with `KEY_CODE_YES`.
  static func key(forKeyCode code: Int32) -> Key? {
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
    case KEY_BTAB: return .backTab
    default:
      for n in 1...12 where code == shelf_key_f(Int32(n)) { return .function(n) }
      return nil
    }
  }
}
