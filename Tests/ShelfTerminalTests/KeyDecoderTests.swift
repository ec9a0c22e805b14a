@preconcurrency import CNCursesW
import PropertyBased
import ShelfUI
import TestSupport
import Testing

@testable import ShelfTerminal

// The decoder between `wget_wch` and the screen: escape sequences read whole,
// whatever the reads that bring them.

/// Characters as `wget_wch` returns them.
private func characters(_ text: String) -> [KeyDecoder.Input] {
  text.unicodeScalars.map { .character($0.value) }
}

/// Chunks of input as reads bring them: read at `time` (milliseconds), the
/// first of them having come at `arrival`.
private struct Read {
  var inputs: [KeyDecoder.Input]
  var time: UInt64
  var arrival: UInt64

  init(inputs: [KeyDecoder.Input], time: UInt64, arrival: UInt64? = nil) {
    self.inputs = inputs
    self.time = time
    self.arrival = arrival ?? time
  }
}

/// The keys a run of reads decodes to, read as the backend reads them: after
/// each read the escape delay passes (`expire()`) unless the next read's
/// first character comes within it; after the last, it passes.
private func decode(_ reads: [Read]) -> [Key] {
  var decoder = KeyDecoder()
  var keys: [Key] = []
  for (index, read) in reads.enumerated() {
    for input in read.inputs { keys += decoder.feed(input, at: read.time) }
    let next = index + 1 < reads.count ? reads[index + 1].arrival : UInt64.max
    if let deadline = decoder.deadline, next > deadline { keys += decoder.expire() }
  }
  return keys + decoder.expire()
}

/// The keys of `text` read at once.
private func decode(_ text: String) -> [Key] {
  decode([Read(inputs: characters(text), time: 0)])
}

// MARK: - Encodings

@Test(arguments: [
  // Home and End: xterm (normal and application mode), VT220 / tmux / screen /
  // Linux console, rxvt, with modifiers
  ("\u{1B}[H", Key.home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
  ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
  ("\u{1B}[1;5H", .home), ("\u{1B}[1;2F", .end), ("\u{1B}[7^", .home), ("\u{1B}[8$", .end),
  ("\u{1B}[1;3H", .home), ("\u{1B}[4;5~", .end),
  // Insert, Delete, PgUp, PgDn
  ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[3;5~", .delete),
  ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[5^", .pageUp),
  ("\u{1B}[6;2~", .pageDown),
  // arrows: normal and application mode, xterm modifiers, rxvt Shift and Ctrl,
  // Alt as ESC before a sequence (rxvt)
  ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
  ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
  ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .shiftDown), ("\u{1B}[1;3C", .right),
  ("\u{1B}[1;6D", .left),
  ("\u{1B}[a", .shiftUp), ("\u{1B}[d", .left), ("\u{1B}Ob", .down), ("\u{1B}Oc", .right),
  ("\u{1B}\u{1B}[A", .up), ("\u{1B}\u{1B}OB", .down),
  // F1-F12: xterm, VT220 / rxvt, Linux console, modified
  ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)),
  ("\u{1B}OS", .function(4)), ("\u{1B}[11~", .function(1)), ("\u{1B}[14~", .function(4)),
  ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)), ("\u{1B}[15~", .function(5)),
  ("\u{1B}[17~", .function(6)), ("\u{1B}[18~", .function(7)), ("\u{1B}[19~", .function(8)),
  ("\u{1B}[20~", .function(9)), ("\u{1B}[21~", .function(10)), ("\u{1B}[23~", .function(11)),
  ("\u{1B}[24~", .function(12)), ("\u{1B}[1;5P", .function(1)), ("\u{1B}[1;2R", .function(3)),
  ("\u{1B}[15;5~", .function(5)),
  // Shift-Tab, the keypad's Enter
  ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
])
func eachEncodingIsOneKey(sequence: String, key: Key) {
  #expect(decode(sequence) == [key])
  #expect(decode(sequence + "x") == [key, .character("x")])
}

/// Shifted keys in the encodings of xterm (and kitty, tmux), read by the
/// decoder when ncurses does not know them; and rxvt-unicode's own. Shift+↑
/// and Shift+↓ are keys of their own (they scroll the preview pane).
@Test(arguments: [
  ("\u{1B}[1;2A", Key.shiftUp), ("\u{1B}[1;2B", .shiftDown), ("\u{1B}[1;2C", .right),
  ("\u{1B}[1;2D", .left),
  ("\u{1B}[1;2H", .home), ("\u{1B}[1;2F", .end), ("\u{1B}[5;2~", .pageUp),
  ("\u{1B}[6;2~", .pageDown),
  ("\u{1B}[a", .shiftUp), ("\u{1B}[b", .shiftDown), ("\u{1B}[c", .right), ("\u{1B}[d", .left),
  ("\u{1B}[7$", .home), ("\u{1B}[8$", .end), ("\u{1B}[5$", .pageUp), ("\u{1B}[6$", .pageDown),
])
func eachShiftedKeyIsItsPlainKeyOrShiftUpOrDown(sequence: String, key: Key) {
  #expect(decode(sequence) == [key])
}

/// The same keys as ncurses decodes them from terminfo (`infocmp -x
/// xterm-256color rxvt-unicode-256color kitty`): the standard shifted-key
/// codes, and Shift+Up/Down as the extended `kUP`/`kDN` (xterm's and kitty's
/// `ESC [ 1 ; 2 A`, rxvt's `ESC [ a`).
@Test func shiftedKeyCodesAreTheirPlainKeysButShiftUpAndDown() {
  let codes: [(Int32, Key)] = [
    (KEY_SLEFT, .left), (KEY_SRIGHT, .right), (KEY_SHOME, .home), (KEY_SEND, .end),
    (KEY_SPREVIOUS, .pageUp), (KEY_SNEXT, .pageDown), (KEY_SR, .shiftUp), (KEY_SF, .shiftDown),
  ]
  for (code, key) in codes {
    #expect(KeyDecoder.key(forKeyCode: code) == key, "code \(code)")
  }
  #expect(KeyDecoder.key(forKeyCode: 600, name: "kUP") == .shiftUp)
  #expect(KeyDecoder.key(forKeyCode: 601, name: "kDN") == .shiftDown)
  #expect(KeyDecoder.key(forKeyCode: 602, name: "kUP5") == .up)
  #expect(KeyDecoder.key(forKeyCode: 603, name: "kxIN") == nil)  // focus in: not a key
}

@Test(arguments: [
  "\u{1B}j",  // Alt-j
  "\u{1B}J", "\u{1B}q", "\u{1B} ", "\u{1B}\u{7F}", "\u{1B}\r",  // Alt with a key
  // unknown and extended keys
  "\u{1B}[99;5~", "\u{1B}[200;1;1~", "\u{1B}[27;5;106~", "\u{1B}[106;5u",
  // X10 mouse reports, one of them holding [
  "\u{1B}[M !!", "\u{1B}[M#\u{7F}\u{7F}", "\u{1B}[M`5[",
  "\u{1B}[<0;12;4M", "\u{1B}[<64;1;1m",  // SGR mouse reports ncurses did not take
  "\u{1B}[I", "\u{1B}[O", "\u{1B}[12;40R", "\u{1B}[?1;2c", "\u{1B}[>0;276;0c",  // reports
  "\u{1B}]11;rgb:0000/0000/0000\u{7}", "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\",  // OSC replies
  "\u{1B}P1$r0m\u{1B}\\",  // DCS
  "\u{1B}[201~",  // a paste's end without its start
  "\u{1B}[[Z", "\u{1B}OZ", "\u{1B}O5x",
])
func anythingElseIsIgnoredWhole(sequence: String) {
  #expect(decode(sequence) == [])
  #expect(decode(sequence + "x") == [.character("x")], "its bytes leak as keys")
  #expect(decode("a" + sequence + "b") == [.character("a"), .character("b")])
}

@Test func altWithEscIsIgnored() {
  #expect(decode("\u{1B}\u{1B}") == [])
  #expect(decode("a\u{1B}\u{1B}") == [.character("a")])
}

@Test func aLoneEscIsEscOnlyOnceTheDelayHasPassed() {
  var decoder = KeyDecoder()
  #expect(decoder.feed(.character(0x1B), at: 100) == [])
  #expect(decoder.isWaitingForSequence)
  #expect(decoder.deadline == 100 + KeyDecoder.escapeDelay)
  #expect(decoder.expire() == [.escape])
  #expect(decoder.deadline == nil)
  // Within the delay the next key makes it Alt+key; after it, two keys.
  #expect(
    decode([Read(inputs: characters("\u{1B}"), time: 0), Read(inputs: characters("q"), time: 20)])
      == [])
  #expect(
    decode([Read(inputs: characters("\u{1B}"), time: 0), Read(inputs: characters("q"), time: 30)])
      == [.escape, .character("q")])
  // The reader judges the delay: a character it got in time is read as part
  // of the sequence, whatever time it carries.
  var late = KeyDecoder()
  _ = late.feed(.character(0x1B), at: 0)
  #expect(late.feed(.character(UInt32(UInt8(ascii: "j"))), at: 200) == [])
}

@Test func aSequenceCutShortByTheDelayIsDropped() {
  let reads = [
    Read(inputs: characters("\u{1B}[1;"), time: 0), Read(inputs: characters("5Hx"), time: 40),
  ]
  // "5H" after the delay are keys of their own: the cut sequence is gone.
  #expect(decode(reads) == [.character("5"), .character("H"), .character("x")])
}

@Test func keysNcursesDecodedPassThroughAndEndASequence() {
  var decoder = KeyDecoder()
  #expect(decoder.feed(.key(.up), at: 0) == [.up])
  #expect(decoder.feed(.character(0x1B), at: 1) == [])
  #expect(decoder.feed(.key(.down), at: 2) == [.down])  // Alt+Down
  #expect(decoder.feed(.key(nil), at: 3) == [])
  let click = Key.mouse(MouseEvent(kind: .click, position: Point(x: 1, y: 2)))
  #expect(decoder.feed(.key(click), at: 4) == [click])
}

// MARK: - Bracketed paste

@Test func aPasteIsOneEventWithControlCharactersDropped() {
  #expect(decode("\u{1B}[200~Hello, world\u{1B}[201~") == [.paste("Hello, world")])
  #expect(
    decode("\u{1B}[200~a\tb\r\nc\u{7}d\u{1B}[31me\u{1B}[201~q") == [
      .paste("a b cde"), .character("q"),
    ])
  #expect(decode("\u{1B}[200~夏目 漱石 🐉\u{1B}[201~") == [.paste("夏目 漱石 🐉")])
  #expect(decode("\u{1B}[200~q\u{1B}[20q\u{1B}[201~") == [.paste("q")])
  #expect(decode("\u{1B}[200~\u{1B}[201~") == [])
  // Nothing in a paste is a key, not even an escape sequence or Enter.
  #expect(decode("\u{1B}[200~\u{1B}[A\u{1B}\r\u{1B}[201~") == [])
}

@Test func aPastedLineBreakOrTabSeparatesWords() {
  #expect(decode("\u{1B}[200~misérables\nhugo\u{1B}[201~") == [.paste("misérables hugo")])
  #expect(decode("\u{1B}[200~a\r\nb\rc\td\n\ne\u{1B}[201~") == [.paste("a b c d  e")])
}

@Test(arguments: [
  "\u{1B}[31m", "\u{1B}[1;38;5;208m", "\u{1B}[?1049h", "\u{1B}[2J", "\u{1B}OA", "\u{1B}x",
  "\u{1B}]0;title\u{7}", "\u{1B}]52;c;cXdlcnR5\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}\u{1B}[A",
  "\u{1B}[201;2~",
])
func aPastedEscapeSequenceIsDroppedWhole(sequence: String) {
  let pasted = "\u{1B}[200~red" + sequence + "wine\u{1B}[201~q"
  #expect(decode(pasted) == [.paste("redwine"), .character("q")])
  // A control string that never ends stops at the paste's end mark.
  #expect(
    decode("\u{1B}[200~red" + sequence + "\u{1B}]8;;x\u{1B}[201~q") == [
      .paste("red"), .character("q"),
    ])
}

@Test func aPasteWaitsForItsEndAcrossReadsButNotForever() {
  let slow = [
    Read(inputs: characters("\u{1B}[200~abc"), time: 0),
    Read(inputs: characters("def\u{1B}[2"), time: 500),
    Read(inputs: characters("01~q"), time: 900),
  ]
  #expect(decode(slow) == [.paste("abcdef"), .character("q")])
  // A terminal that lost the end mark: after a silence, keys are keys again.
  let lost = [
    Read(inputs: characters("\u{1B}[200~abc"), time: 0),
    Read(inputs: characters("q"), time: 1 + KeyDecoder.pasteSilence),
  ]
  #expect(decode(lost) == [.paste("abc"), .character("q")])
}

@Test func aPasteKeepsAtMostItsLimit() {
  let long = String(repeating: "x", count: KeyDecoder.pasteLimit + 100)
  #expect(
    decode("\u{1B}[200~" + long + "\u{1B}[201~") == [
      .paste(String(long.prefix(KeyDecoder.pasteLimit)))
    ])
}

@Test func aVeryLongSequenceIsStillReadToItsEnd() {
  let parameters = String(repeating: "1;", count: 200)
  #expect(decode("\u{1B}[" + parameters + "5~x") == [.character("x")])
}

// MARK: - Any split of a stream

/// One thing typed: the characters it sends (or a key ncurses decoded), the
/// keys it means, and whether it must be followed by a pause (a lone Esc).
private struct Token {
  var inputs: [KeyDecoder.Input]
  var keys: [Key]
  var needsPause = false
}

private let sequenceTokens: [(String, [Key])] = [
  ("\u{1B}[H", [.home]), ("\u{1B}[F", [.end]), ("\u{1B}OH", [.home]), ("\u{1B}OF", [.end]),
  ("\u{1B}[1~", [.home]), ("\u{1B}[4~", [.end]), ("\u{1B}[7~", [.home]), ("\u{1B}[8~", [.end]),
  ("\u{1B}[1;5H", [.home]), ("\u{1B}[8@", [.end]), ("\u{1B}[2~", [.insert]),
  ("\u{1B}[3~", [.delete]), ("\u{1B}[5;3~", [.pageUp]), ("\u{1B}[6~", [.pageDown]),
  ("\u{1B}OA", [.up]), ("\u{1B}[B", [.down]), ("\u{1B}[1;5C", [.right]), ("\u{1B}Od", [.left]),
  ("\u{1B}\u{1B}[A", [.up]), ("\u{1B}OP", [.function(1)]), ("\u{1B}[[B", [.function(2)]),
  ("\u{1B}[24~", [.function(12)]), ("\u{1B}[Z", [.backTab]),
  ("\u{1B}j", []), ("\u{1B}[", []), ("\u{1B}O", []), ("\u{1B}[99;5~", []),
  ("\u{1B}[M !!", []), ("\u{1B}[M`[O", []), ("\u{1B}[<0;3;4M", []),
  ("\u{1B}]11;rgb:0/0/0\u{7}", []), ("\u{1B}[?1;2c", []),
  ("\u{1B}[200~pasted [A\u{1B}[201~", [.paste("pasted [A")]),
  ("\u{1B}[200~a\u{1B}[20b\u{1B}[201~", [.paste("a")]),
  ("\u{1B}[200~a\u{1B}[31mb\nc\u{1B}[201~", [.paste("ab c")]),
]

private func randomToken(using rng: inout some RandomNumberGenerator) -> Token {
  switch Int.random(in: 0..<10, using: &rng) {
  case 0...3:
    let (text, keys) = sequenceTokens.randomElement(using: &rng)!
    // "ESC [" and "ESC O" alone are Alt+[ and Alt+O: a pause must end them.
    return Token(inputs: characters(text), keys: keys, needsPause: text.count == 2)
  case 4:
    return Token(inputs: characters("\u{1B}"), keys: [.escape], needsPause: true)
  case 5:
    let key = [Key.up, .down, .home, .end, nil].randomElement(using: &rng)!
    return Token(inputs: [.key(key)], keys: key.map { [$0] } ?? [])
  case 6:
    let controls: [(UInt32, Key?)] = [
      (13, .enter), (9, .tab), (127, .backspace), (3, .control("c")), (21, .control("u")),
      (0, nil), (0x85, nil),
    ]
    let (value, key) = controls.randomElement(using: &rng)!
    return Token(inputs: [.character(value)], keys: key.map { [$0] } ?? [])
  default:
    let text = ["a", "q", "[", "O", "~", "1", ";", "é", "夏", "🐉", " ", "/"].randomElement(
      using: &rng)!
    return Token(inputs: characters(text), keys: [.character(Character(text))])
  }
}

/// A random stream: its characters, each with the time it comes at (a pause
/// after a lone Esc, otherwise gaps within the escape delay), and its keys.
private func randomStream(using rng: inout some RandomNumberGenerator) -> (
  inputs: [(KeyDecoder.Input, UInt64)], keys: [Key]
) {
  var inputs: [(KeyDecoder.Input, UInt64)] = []
  var keys: [Key] = []
  var time: UInt64 = 0
  for _ in 0..<Int.random(in: 1...30, using: &rng) {
    let token = randomToken(using: &rng)
    for input in token.inputs {
      time += UInt64.random(in: 0...KeyDecoder.escapeDelay / 2, using: &rng)
      inputs.append((input, time))
    }
    keys += token.keys
    if token.needsPause { time += KeyDecoder.escapeDelay + 1 }
  }
  return (inputs, keys)
}

/// `inputs` as reads split before each index of `cuts`: a read takes place
/// when its last character has come (all of it waited for that one).
private func reads(_ inputs: [(KeyDecoder.Input, UInt64)], cutAt cuts: [Int]) -> [Read] {
  var result: [Read] = []
  var start = 0
  for end in Set(cuts).sorted() + [inputs.count] where end > start {
    let piece = inputs[start..<end]
    result.append(Read(inputs: piece.map(\.0), time: piece.last!.1, arrival: piece.first!.1))
    start = end
  }
  return result
}

@Test func aStreamDecodesToTheSameKeysHoweverReadsSplitIt() async {
  await propertyCheck(count: 150, input: Gen.draws(256)) { draws in
    var rng = draws
    let (inputs, keys) = randomStream(using: &rng)
    // Read one character at a time, at the time each comes.
    #expect(decode(inputs.map { Read(inputs: [$0.0], time: $0.1) }) == keys)
    // Split in two at every boundary, the first part read when its last
    // character came: a read that ends inside a sequence waits for the rest.
    var pauses = Set<Int>()
    for index in inputs.indices.dropFirst()
    where inputs[index].1 - inputs[index - 1].1 > KeyDecoder.escapeDelay {
      pauses.insert(index)
    }
    for cut in 1..<max(1, inputs.count) {
      #expect(decode(reads(inputs, cutAt: [cut] + pauses)) == keys, "split at \(cut)")
    }
    // And at random boundaries, several at once.
    let cuts = inputs.indices.filter { _ in Bool.random(using: &rng) }
    #expect(decode(reads(inputs, cutAt: cuts + pauses)) == keys, "split at \(cuts)")
  }
}
