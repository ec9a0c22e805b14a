import Foundation
import TestSupport

/// What `frames.py --json` reports about a recorded or replayed run (its
/// judge, `frame-judge`, prints it).
struct FrameReport: Decodable {
  /// Frames seen: synchronized updates the app ended.
  var frames: Int
  /// Indices of the frames that failed any check, ascending.
  var bad: [Int]
  /// Indices of the failed frames by check: focus, blocks, holes, rest (and with
  /// `--motion`, still, oneway, animated, gaps, sections, shown).
  var checks: [String: [Int]]
  /// The app's exit status (0 for a replay).
  var exit: Int
  /// What went wrong with the run itself (no frame, an edit that drew nothing).
  var notes: [String]
  /// The reasons each bad frame failed, by frame index.
  var problems: [String: [[String]]]
  /// The first bad frames as text, by frame index.
  var pictures: [String: String]
  /// Lines where tmux, fed the same bytes, shows something else (nil: the same, or not compared).
  var tmuxMismatch: [[TmuxLine]]?
  /// With `--motion`: the frames of each change checked, in order, both ends
  /// at rest included (nil: motion not checked).
  var motionChanges: [Int]?

  enum CodingKeys: String, CodingKey {
    case frames, bad, checks, exit, notes, problems, pictures
    case tmuxMismatch = "tmux_mismatch"
    case motionChanges = "motion_changes"
  }

  /// One element of a mismatch entry: the line number or a line's text.
  enum TmuxLine: Decodable {
    case number(Int)
    case text(String)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        self = .number(number)
      } else {
        self = .text(try container.decode(String.self))
      }
    }
  }

  /// The counts, the first bad frames' reasons and the first one's left part as
  /// text, for a failure message (kept short: the console cuts long messages;
  /// run frames.py with --dump to see whole frames).
  var summary: String {
    var text = "\(bad.count) of \(frames) frames bad: "
    text += checks.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.count)" }.joined(
      separator: ", ")
    for index in bad.prefix(5) {
      let reasons = (problems[String(index)] ?? []).map { $0.joined(separator: ": ") }
      text += "\n--- frame \(index): " + reasons.joined(separator: "; ")
    }
    if let first = bad.first, let picture = pictures[String(first)] {
      text += "\n--- frame \(first), its first 60 columns:\n"
      text += picture.split(separator: "\n").map { $0.prefix(60) }.joined(separator: "\n")
    }
    return text
  }
}

/// The frame recorder, `Support/frames.py`, run by Debian's Python (where
/// `make deps` installs pyte): it replays what the app wrote through a
/// terminal emulator and hands the screens to `frame-judge`, which judges
/// them by the frame rules of `Tests/FrameRules`.
let frameChecker = repositoryRoot.appendingPathComponent(
  "Tests/EndToEndTests/Support/frames.py")

/// The judge `frames.py` runs, built beside `shelf` (a dependency of this target).
let frameJudge = repositoryRoot.appendingPathComponent(".build/debug/frame-judge")

/// Runs `frames.py arguments --json` and decodes its report; the exit status
/// comes along (0 all good, 1 a check failed, 2 the run failed).
func runFrameCheck(_ arguments: [String], timeout: Double = 120) throws -> (
  status: Int32, report: FrameReport
) {
  guard
    let run = try runProcess(
      "/usr/bin/python3",
      [frameChecker.path, "--judge", frameJudge.path, "--json", "--show", "3"] + arguments,
      in: repositoryRoot, timeout: timeout)
  else { throw FrameCheckError.failed("frames.py took more than \(Int(timeout)) s") }
  do {
    let report = try JSONDecoder().decode(FrameReport.self, from: Data(run.output.utf8))
    return (run.status, report)
  } catch {
    throw FrameCheckError.failed(
      "frames.py exited \(run.status) without a report:\n" + run.output + run.error)
  }
}

enum FrameCheckError: Error {
  case failed(String)
}
