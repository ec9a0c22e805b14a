// frame-judge: reads the screens `frames.py` recorded (a JSON-lines file, see
// `FramesFile.swift`) and judges them by the frame rules of `FrameRules`;
// prints what frames.py prints and exits as it does: 0 every frame good and
// the app quit with 0, 1 a check failed, 2 the run itself failed (usage, the
// app did not start, quit or exit 0).
import Foundation
import FrameRules

let usage = """
  usage: frame-judge [--motion] [--max-hole N] [--rest-ms MS] [--card-height N]
                     [--body-top N] [--body-bottom N] [--show N] [--dump I,J] [--json] FRAMES
  FRAMES: the JSON lines frames.py writes (a header, then one screen a line).
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("frame-judge: \(message)\n\(usage)\n".utf8))
  exit(2)
}

var options = Judgement.Options()
var show = 3
var json = false
var dump = Set<Int>()
var path: String?
var arguments = CommandLine.arguments.dropFirst()
@MainActor func number(_ name: String) -> Double {
  guard let text = arguments.popFirst(), let value = Double(text) else {
    fail("\(name) needs a number")
  }
  return value
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--motion": options.motion = true
  case "--json": json = true
  case "--max-hole": options.maximumHole = Int(number(argument))
  case "--rest-ms": options.restMilliseconds = number(argument)
  case "--card-height": options.rules.cardHeight = Int(number(argument))
  case "--body-top": options.rules.bodyTop = Int(number(argument))
  case "--body-bottom": options.rules.bodyBottom = Int(number(argument))
  case "--show": show = Int(number(argument))
  case "--dump":
    dump = Set((arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) })
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    guard !argument.hasPrefix("--"), path == nil else { fail("unknown argument \(argument)") }
    path = argument
  }
}
guard let path else { fail("give the frames file") }
let file: FramesFile
do {
  file = try FramesFile(path: path)
} catch {
  fail("\(path): \(error)")
}
options.quitTime = file.header.quit
options.since = file.header.phase
options.rules.catalogRows = file.header.catalogRows
var judgement = Judgement(options: options)
var frameCount = 0
for (index, frame) in file.frames.enumerated() {
  judgement.add(frame.frame)
  frameCount += 1
  if dump.contains(index) {
    print("--- frame \(index) (\(frame.bytes) bytes)")
    print(
      frame.frame.cells.map { $0.joined() }.enumerated().map { "\($0.offset) |\($0.element)|" }
        .joined(separator: "\n"))
  }
}
judgement.finish()

let header = file.header
let checks = Judgement.checks(motion: options.motion)
let bad = judgement.badFrames
let exitText: String? = header.exit.map { "\($0)" } ?? header.exitNote
if json {
  var problems: [String: Any] = [:]
  for index in bad {
    problems[String(index)] = judgement.problems[index].map { [$0.check, $0.reason] }
  }
  var pictures: [String: Any] = [:]
  for index in judgement.shown(show) { pictures[String(index)] = judgement.picture(index) }
  let report: [String: Any] = [
    "frames": frameCount, "bytes": header.bytes, "bad": bad,
    "checks": Dictionary(uniqueKeysWithValues: checks.map { ($0, judgement.bad($0)) }),
    "exit": header.exit ?? -1,
    "notes": header.notes + (header.exitNote.map { [$0] } ?? []),
    "problems": problems, "pictures": pictures,
    "unknown_sequences": header.unknownSequences,
    "motion_changes": judgement.changes as Any? ?? NSNull(),
    "tmux_mismatch": header.tmuxMismatch ?? NSNull(),
  ]
  let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
} else {
  var line = "frames: \(frameCount)  bytes: \(header.bytes)  bad frames: \(bad.count)"
  if frameCount > 0 {
    line += String(format: " (%.1f%%)", 100 * Double(bad.count) / Double(frameCount))
  }
  print(line)
  for check in checks {
    let frames = judgement.bad(check)
    let name = check + String(repeating: " ", count: max(0, 7 - check.count))
    print(
      "  \(name) \(frames.count) bad"
        + (frames.isEmpty ? "" : "  e.g. frames \(Array(frames.prefix(8)))"))
  }
  if header.live { print("exit status: \(exitText ?? "none")") }
  for note in header.notes { print("note: \(note)") }
  if let changes = judgement.changes {
    print("changes checked for motion: \(changes.count), frames each: \(changes)")
  }
  if let unknown = header.unknownText { print("sequences the emulator ignored: \(unknown)") }
  if header.compareTmux {
    if let mismatch = header.tmuxMismatch {
      print("tmux differs on \(mismatch.count) lines: \(mismatch.prefix(3))")
    } else {
      print("tmux shows the same last frame")
    }
  }
  for index in judgement.shown(show) {
    print("--- frame \(index):")
    for problem in judgement.problems[index] { print("  \(problem.check): \(problem.reason)") }
    print(judgement.picture(index))
  }
}
if frameCount == 0 || !header.notes.isEmpty || header.exitNote != nil
  || (header.live && header.exit != 0)
{
  exit(2)
}
exit(bad.isEmpty && header.tmuxMismatch == nil ? 0 : 1)
