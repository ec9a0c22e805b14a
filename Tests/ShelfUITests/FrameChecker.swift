import FrameRules

@testable import ShelfUI

/// The renderer's frames as the frame rules read them (`Tests/FrameRules`).
extension FrameChecker {
  /// A frame given as text (a golden transcript's frame).
  init(text: String) {
    self.init(frame: Frame(text: text) { TerminalText.width(of: String($0)) })
  }

  /// A frame given as a canvas: its styles are checked too (the focused
  /// card's border in the focus colour).
  init(canvas: Canvas) {
    var palette: [CellStyle] = []
    var index: [Style: Int] = [:]
    var styles: [[Int]] = []
    var cells: [[String]] = []
    for y in 0..<canvas.size.height {
      let row = canvas.row(y)
      cells.append(row.map { $0.width == 0 ? "" : $0.text })
      styles.append(
        row.map { cell in
          if let known = index[cell.style] { return known }
          let style = cell.style
          palette.append(
            CellStyle(
              foreground: "\(style.foreground)",
              attributes:
                "\(style.background) \(style.isBold) \(style.isDim) \(style.isReversed) "
                + "\(style.isUnderlined)"))
          index[style] = palette.count - 1
          return palette.count - 1
        })
    }
    self.init(
      frame: Frame(cells: cells, styles: styles, palette: palette),
      focusForeground: "\(Color.focus)")
  }

  /// The problems of every frame of `transcript` (frames separated by form
  /// feeds, as `shelf frames` prints them), each prefixed with its frame.
  static func problems(
    inTranscript transcript: String, during: Expectations, atRest: Expectations
  ) -> [String] {
    let frames = transcript.components(separatedBy: "\n\u{0C}\n")
    return frames.enumerated().flatMap { index, text in
      let isEnd = index == 0 || index == frames.count - 1
      return FrameChecker(text: text).problems(isEnd ? atRest : during).map {
        "frame \(index): \($0)"
      }
    }
  }
}
