import Glibc
import ShelfUI

/// Asks the terminal before ncurses takes it, in one round trip: its
/// background (OSC 11) and whether it shows pictures with the kitty graphics
/// protocol (a query kitty answers `OK`); neither answer reaches the keys.
enum TerminalQuery {
  /// How long to wait for the terminal's answers, in milliseconds.
  static let timeout: Int32 = 200

  /// What the terminal answered.
  struct Answers: Equatable {
    /// Its background: by its answer to OSC 11, else `COLORFGBG`, else
    /// dark; nil when not asked.
    var background: Background?
    /// Whether it answered the kitty graphics query with `OK`.
    var showsKittyPictures = false
  }

  /// OSC 11: "what is your background?"
  static let backgroundQuestion: [UInt8] = Array("\u{1B}]11;?\u{1B}\\".utf8)
  /// A kitty graphics query for a 1 x 1 picture, id 31: answered only by
  /// terminals that show pictures.
  static let kittyQuestion: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
  /// The answer of a terminal that shows pictures.
  static let kittyAnswer: [UInt8] = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)

  /// Asks the terminal on `input` and `output`, named `term`, for its
  /// `background` and whether it shows `kittyPictures`, as asked.
  static func ask(
    background: Bool, kittyPictures: Bool, input: Int32, output: Int32, term: String
  ) -> Answers {
    var question: [UInt8] = []
    if background { question += backgroundQuestion }
    if kittyPictures { question += kittyQuestion }
    let reply = question.isEmpty ? nil : ask(question, input: input, output: output, term: term)
    return answers(to: reply ?? [], background: background)
  }

  /// What `reply` says, the background found some other way when it says
  /// none and it was asked for.
  static func answers(to reply: [UInt8], background: Bool) -> Answers {
    var answers = Answers()
    answers.showsKittyPictures = contains(reply, kittyAnswer)
    if background {
      answers.background =
        Background(osc11Reply: reply)
        ?? getenv("COLORFGBG").flatMap { Background(colorFGBG: String(cString: $0)) } ?? .dark
    }
    return answers
  }

  private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
    guard bytes.count >= part.count else { return false }
    return (0...(bytes.count - part.count)).contains {
      bytes[$0..<($0 + part.count)].elementsEqual(part)
    }
  }

  /// Sends `question` and then DA1 ("what are you?"), which nearly every
  /// terminal answers: the DA1 answer, or the time limit, ends the wait, so
  /// a terminal that ignores the question costs one round trip. Input is
  /// read with echo off and then flushed, so no answer reaches the screen
  /// or the key reader.
  private static func ask(_ question: [UInt8], input: Int32, output: Int32, term: String)
    -> [UInt8]?
  {
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
    let query = question + Array("\u{1B}[c".utf8)
    guard write(output, query, query.count) == query.count else { return nil }
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
    return reply
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
