import Glibc
import ShelfUI

/// Finds out whether the terminal's background is dark or light before
/// ncurses takes the terminal: the terminal's own answer to OSC 11 where it
/// gives one, else `COLORFGBG`, else dark.
enum BackgroundQuery {
  /// How long to wait for the terminal's answers, in milliseconds.
  static let timeout: Int32 = 200

  /// The background of the terminal on `input` and `output`, named `term`.
  static func background(input: Int32, output: Int32, term: String) -> Background {
    if let answer = ask(input: input, output: output, term: term) { return answer }
    if let value = getenv("COLORFGBG"),
      let background = Background(colorFGBG: String(cString: value))
    {
      return background
    }
    return .dark
  }

  /// Sends OSC 11 ("what is your background?") and then DA1 ("what are
  /// you?"), which nearly every terminal answers: the DA1 answer, or the time
  /// limit, ends the wait, so a terminal that ignores OSC 11 costs one round
  /// trip. Input is read with echo off and then flushed, so neither answer
  /// reaches the screen or the key reader.
  private static func ask(input: Int32, output: Int32, term: String) -> Background? {
    // The Linux console reads `ESC ]` as a palette command: do not ask it.
    guard isatty(input) == 1, isatty(output) == 1, !term.hasPrefix("linux") else { return nil }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
    defer {
      tcflush(input, TCIFLUSH)
      tcsetattr(input, TCSANOW, &saved)
    }
    let query: StaticString = "\u{1B}]11;?\u{1B}\\\u{1B}[c"
    guard write(output, query.utf8Start, query.utf8CodeUnitCount) == query.utf8CodeUnitCount else {
      return nil
    }
    var reply: [UInt8] = []
    var remaining = timeout
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    let start = Int(clock.tv_sec) * 1000 + Int(clock.tv_nsec) / 1_000_000
    while remaining > 0, !hasDeviceAttributes(reply), reply.count < 512 {
      var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, remaining) > 0 else { break }
      var buffer = [UInt8](repeating: 0, count: 128)
      let count = read(input, &buffer, buffer.count)
      guard count > 0 else { break }
      reply += buffer[..<count]
      clock_gettime(CLOCK_MONOTONIC, &clock)
      let now = Int(clock.tv_sec) * 1000 + Int(clock.tv_nsec) / 1_000_000
      remaining = timeout - Int32(clamping: now - start)
    }
    return Background(osc11Reply: reply)
  }

  /// Whether `reply` holds a DA1 answer, `ESC [ ? … c`.
  private static func hasDeviceAttributes(_ reply: [UInt8]) -> Bool {
    guard
      let start = reply.indices.first(where: { index in
        index + 2 < reply.count && reply[index] == 0x1B && reply[index + 1] == UInt8(ascii: "[")
          && reply[index + 2] == UInt8(ascii: "?")
      })
    else { return false }
    return reply[(start + 3)...].contains(UInt8(ascii: "c"))
  }
}
