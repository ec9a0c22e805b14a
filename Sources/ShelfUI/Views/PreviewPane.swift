/// Where the preview pane stands and how much of the screen it takes
/// (`--preview-window`).
public struct PreviewWindow: Hashable, Sendable {
  /// The side of the screen the pane takes.
  public enum Position: String, Hashable, Sendable, CaseIterable {
    case right, bottom
  }

  /// The side asked for: on the right only on a screen at least
  /// `rightMinimumWidth` columns wide, else at the bottom.
  public var position: Position
  /// The share of the screen's width (right) or height (bottom), 1 to 99.
  public var percent: Int
  /// Whether the pane starts hidden (the toggle key shows it).
  public var isHidden: Bool

  /// The narrowest screen with the pane on the right.
  public static let rightMinimumWidth = 140
  /// The share of the height a pane takes at the bottom when the right was
  /// asked for on a narrower screen.
  public static let bottomPercent = 40

  /// `right:50%`, shown.
  public static let standard = PreviewWindow(position: .right, percent: 50, isHidden: false)

  /// The pane `position`, `percent` of the screen.
  public init(position: Position, percent: Int, isHidden: Bool) {
    self.position = position
    self.percent = min(99, max(1, percent))
    self.isHidden = isHidden
  }

  /// `right:N%`, `bottom:N%` (N from 1 to 99) or `hidden` read; nil for
  /// any other text.
  public init?(_ text: String) {
    if text == "hidden" {
      self = Self.standard
      isHidden = true
      return
    }
    let parts = text.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, let position = Position(rawValue: String(parts[0])),
      parts[1].hasSuffix("%"), let percent = Int(parts[1].dropLast()), (1...99).contains(percent)
    else { return nil }
    self.init(position: position, percent: percent, isHidden: false)
  }

  /// The pane's rectangle on a `size` screen, whole with its border, and
  /// the side it stands on; nil when the screen left beside it would be
  /// under the minimum size (the pane is not shown).
  func frame(in size: Size) -> (rect: Rect, position: Position)? {
    let isRight = position == .right && size.width >= Self.rightMinimumWidth
    if isRight {
      let width = size.width * percent / 100
      guard width >= 8, size.width - width >= Metrics.minimumSize.width else { return nil }
      return (Rect(x: size.width - width, y: 0, width: width, height: size.height), .right)
    }
    let share = position == .bottom ? percent : Self.bottomPercent
    let height = size.height * share / 100
    guard height >= 3, size.height - height >= Metrics.minimumSize.height else { return nil }
    return (Rect(x: 0, y: size.height - height, width: size.width, height: height), .bottom)
  }
}

/// What the preview pane shows for a card.
public enum PreviewOutput: Equatable, Sendable {
  /// The command runs (or waits for the focus to rest): nothing to show yet.
  case running
  /// What the command printed so far; it still runs.
  case partial(PreviewText)
  /// What the command printed, once it ended or was stopped at the limit.
  case finished(PreviewText)
  /// The command failed: the last line it wrote to standard error (or its
  /// status when it wrote none), and what it printed.
  case failed(String, PreviewText)
}

/// The preview pane's state on the screen (`--preview`).
struct PreviewPane {
  /// Where it stands.
  var window: PreviewWindow
  /// Whether it is shown (the toggle key flips it).
  var isShown: Bool
  /// Whether ↑ ↓ PgUp PgDn scroll it rather than move the focus.
  var isFocused = false
  /// The card the pane is for, and the last output shown (until the
  /// command for a new card ends, the last card's).
  var card: PickedCard?
  var output = PreviewOutput.finished(.empty)
  /// Whether the command for `card` runs or waits to.
  var isRunning = false
  /// The first line shown.
  var scroll = 0

  init(window: PreviewWindow) {
    self.window = window
    isShown = !window.isHidden
  }

  /// The lines to show: the failure's line first, in the error colour.
  var lines: [[PreviewText.Run]] {
    switch output {
    case .running: return []
    case .finished(let text), .partial(let text): return text.lines + cutNote(text)
    case .failed(let line, let text):
      return [[PreviewText.Run(text: line, style: Style(foreground: .error, isBold: true))]]
        + text.lines + cutNote(text)
    }
  }

  private func cutNote(_ text: PreviewText) -> [[PreviewText.Run]] {
    guard text.isCut else { return [] }
    let note =
      "… cut at \(PreviewText.lineLimit) lines or \(PreviewText.byteLimit >> 20) MiB"
    return [[PreviewText.Run(text: note, style: Style(foreground: .muted))]]
  }

  /// Scrolls by `step` lines within `lineCount` lines shown `room` at a
  /// time; whether it moved.
  mutating func scroll(by step: Int, room: Int) -> Bool {
    let count = lines.count
    let scrolled = max(0, min(scroll + step, count - room))
    guard scrolled != scroll else { return false }
    scroll = scrolled
    return true
  }
}

extension ShelfScreen {
  // MARK: - Preview pane

  /// Gives the screen a preview pane placed as `window` says (`--preview`);
  /// the app runs the command for `previewCard` and hands its output to
  /// `setPreview(_:for:)`.
  public func enablePreview(_ window: PreviewWindow) {
    preview = PreviewPane(window: window)
  }

  /// The card the preview pane should show the command's output for: the
  /// focused one while the pane is shown; nil when there is no pane, it is
  /// hidden, or no card is focused.
  public var previewCard: PickedCard? {
    guard let preview, preview.isShown else { return nil }
    return focusedPick
  }

  /// Shows `output` in the pane for `card`; a new card starts at the top.
  /// While `.running`, the pane keeps the output it showed, marked as
  /// waiting, so that browsing does not blank it between two cards.
  public func setPreview(_ output: PreviewOutput, for card: PickedCard) {
    guard var pane = preview else { return }
    if pane.card != card {
      pane.card = card
      pane.scroll = 0
    }
    switch output {
    case .running: pane.isRunning = true
    case .partial: (pane.output, pane.isRunning) = (output, true)
    case .finished, .failed: (pane.output, pane.isRunning) = (output, false)
    }
    preview = pane
  }

  /// Shows in the pane what `output` gives for the preview card, unless
  /// the pane shows that card already: for a headless screen (`shelf
  /// render`, `shelf frames`), which runs the command at once.
  public func showPreview(_ output: (PickedCard) -> PreviewOutput) {
    guard let card = previewCard, preview?.card != card else { return }
    setPreview(output(card), for: card)
  }

  /// The pane's rectangle on a `size` screen, when it is shown there.
  func previewFrame(in size: Size) -> (rect: Rect, position: PreviewWindow.Position)? {
    guard let preview, preview.isShown else { return nil }
    return preview.window.frame(in: size)
  }

  /// The part of a `size` screen beside the preview pane: all of it without one.
  func sizeBesidePreview(_ size: Size) -> Size {
    guard let (rect, position) = previewFrame(in: size) else { return size }
    switch position {
    case .right: return Size(width: rect.minX, height: size.height)
    case .bottom: return Size(width: size.width, height: rect.minY)
    }
  }

  /// Lines of output the pane shows at once on a `size` screen.
  func previewRoom(in size: Size) -> Int {
    guard let (rect, _) = previewFrame(in: size) else { return 1 }
    return max(1, rect.height - 2)
  }

  /// Keys for the pane, when it is shown: the toggle (`p`), focus (`P`),
  /// Shift+↑ ↓ scrolling, and while focused ↑ ↓ j k PgUp PgDn Home End g G
  /// scrolling and Esc giving the focus back; nil passes the key on.
  func handlePreviewKey(_ key: Key, screenSize: Size) -> ScreenCommand? {
    guard var pane = preview else { return nil }
    defer { preview = pane }
    if key == Self.previewToggleKey {
      pane.isShown.toggle()
      pane.isFocused = false
      return .redraw
    }
    guard pane.isShown, previewFrame(in: screenSize) != nil else { return nil }
    let room = previewRoom(in: screenSize)
    var step: Int?
    switch key {
    case Self.previewFocusKey:
      pane.isFocused.toggle()
      return .redraw
    case .shiftUp: step = -1
    case .shiftDown: step = 1
    case .escape where pane.isFocused:
      pane.isFocused = false
      return .redraw
    case .up, .character("k"): if pane.isFocused { step = -1 }
    case .down, .character("j"): if pane.isFocused { step = 1 }
    case .pageUp: if pane.isFocused { step = -room }
    case .pageDown: if pane.isFocused { step = room }
    case .home, .character("g"): if pane.isFocused { step = -pane.lines.count }
    case .end, .character("G"): if pane.isFocused { step = pane.lines.count }
    case .mouse(let event) where event.kind == .wheelUp || event.kind == .wheelDown:
      guard let (rect, _) = previewFrame(in: screenSize), rect.contains(event.position) else {
        return nil
      }
      step = event.kind == .wheelUp ? -3 : 3
    default: break
    }
    guard let step else { return nil }
    return pane.scroll(by: step, room: room) ? .redraw : ScreenCommand.none
  }

  /// The key that shows and hides the pane.
  nonisolated static let previewToggleKey = Key.character("p")
  /// The key that gives the pane the focus, and takes it back.
  nonisolated static let previewFocusKey = Key.character("P")

  /// Draws the pane into `rect` of `canvas`: a frame titled with the card,
  /// its place in the output, and the output's lines.
  func drawPreview(_ rect: Rect, into canvas: inout Canvas) {
    guard let pane = preview else { return }
    canvas.fill(rect, with: " ", style: .plain, clip: rect)
    let frame = Style(foreground: pane.isFocused ? .focus : .muted, isBold: pane.isFocused)
    canvas.drawBox(rect, glyphs: pane.isFocused ? .heavy : .light, style: frame, clip: rect)
    let lines = pane.lines
    let inner = Rect(
      x: rect.minX + 1, y: rect.minY + 1, width: max(0, rect.width - 2),
      height: max(0, rect.height - 2))
    let top = max(0, min(pane.scroll, lines.count - inner.height))
    for (index, line) in lines.dropFirst(top).prefix(inner.height).enumerated() {
      var x = inner.minX
      for run in line where x < inner.maxX {
        x += canvas.write(
          run.text, at: Point(x: x, y: inner.minY + index), style: run.style, clip: inner)
      }
    }
    let title =
      pane.isRunning
      ? " … "
      : lines.count > inner.height ? " \(top + 1)–\(top + inner.height) / \(lines.count) " : ""
    let name = pane.card.map { " " + $0.face.title + " " } ?? ""
    let room = max(0, rect.width - 4 - TerminalText.width(of: title))
    let border = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 1)
    canvas.write(
      TerminalText.truncated(name, toWidth: room), at: Point(x: rect.minX + 2, y: rect.minY),
      style: frame, clip: border)
    canvas.write(
      title, at: Point(x: rect.maxX - 2 - TerminalText.width(of: title), y: rect.minY),
      style: frame, clip: border)
  }
}
