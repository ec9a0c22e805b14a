import Glibc
import ShelfUI

/// Asks the terminal before ncurses takes it, in one round trip: its
/// background (OSC 11) and whether it shows pictures with the kitty graphics
/// protocol (a query kitty answers `OK`); neither answer reaches the keys,
/// and keys typed while the answers are awaited are kept, in order
/// (`Answers.typed`), for the key reader.
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
    /// What the user typed while the answers were awaited, as typed.
    var typed: [UInt8] = []
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
    let (said, typed) = split(reply)
    answers.typed = typed
    answers.showsKittyPictures = contains(said, kittyAnswer)
    if background {
      answers.background =
        Background(osc11Reply: said)
        ?? getenv("COLORFGBG").flatMap { Background(colorFGBG: String(cString: $0)) } ?? .dark
    }
    return answers
  }

  /// `reply` parted into the terminal's answers (control strings such as
  /// OSC and APC, up to BEL or `ESC \`, and the DA1 answer `ESC [ ? … c`)
  /// and everything else, which the user typed meanwhile, in order. An
  /// answer cut off by the time limit is an answer still.
  static func split(_ reply: [UInt8]) -> (answers: [UInt8], typed: [UInt8]) {
    var answers: [UInt8] = []
    var typed: [UInt8] = []
    var index = 0
    while index < reply.count {
      let end = answerEnd(in: reply, at: index)
      if end > index {
        answers += reply[index..<end]
        index = end
      } else {
        typed.append(reply[index])
        index += 1
      }
    }
    return (answers, typed)
  }

  /// Where the answer that starts at `start` ends (one past its last
  /// byte), or `start` when none starts there.
  private static func answerEnd(in reply: [UInt8], at start: Int) -> Int {
    let escape: UInt8 = 0x1B
    guard reply[start] == escape, start + 1 < reply.count else { return start }
    switch reply[start + 1] {
    // OSC, DCS, APC: a control string, up to BEL (OSC) or ST.
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
      var index = start + 2
      while index < reply.count {
        if reply[index] == 0x07 { return index + 1 }
        if reply[index] == escape, index + 1 < reply.count, reply[index + 1] == UInt8(ascii: "\\") {
          return index + 2
        }
        index += 1
      }
      return reply.count
    // DA1: `ESC [ ?`, digits and semicolons, `c`.
    case UInt8(ascii: "["):
      guard start + 2 < reply.count, reply[start + 2] == UInt8(ascii: "?") else { return start }
      var index = start + 3
      while index < reply.count {
        let byte = reply[index]
        if byte == UInt8(ascii: "c") { return index + 1 }
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ";")
        else { return start }
        index += 1
      }
      return reply.count
    default:
      return start
    }
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
  /// read with echo off, so no answer reaches the screen; what is read,
  /// answers and keys typed meanwhile, is returned (`split` parts them).
  /// Once DA1 is answered every answer is in, and what follows is the
  /// user's, left for ncurses; without that answer, the input is flushed,
  /// so that a late answer does not reach the key reader.
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
    var reply: [UInt8] = []
    defer {
      if !hasDeviceAttributes(reply) { tcflush(input, TCIFLUSH) }
      tcsetattr(input, TCSANOW, &saved)
    }
    let query = question + Array("\u{1B}[c".utf8)
    guard write(output, query, query.count) == query.count else { return nil }
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
