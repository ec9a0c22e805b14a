@preconcurrency internal import CNCursesW
import Glibc
import ShelfUI

/// The ncurses terminal: shows canvases, decodes keys and mouse events, follows
/// resizes, and gives the terminal back on every way out.
///
/// ncurses is not thread-safe: create and use it on one thread (the main queue).
package final class TerminalBackend: CanvasBackend {
  /// The terminal's size in cells.
  package private(set) var size: Size
  /// Whether the locale is UTF-8; otherwise drawing falls back to ASCII.
  package let isUnicode: Bool
  /// The descriptor keys are read from (the tty), for a read source.
  package let inputFileDescriptor: Int32

  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private let input: UnsafeMutablePointer<FILE>
  private let output: UnsafeMutablePointer<FILE>
  private let openedFiles: [UnsafeMutablePointer<FILE>]
  private var palette: Palette
  /// What the terminal shows now, so only changed cells are written.
  private var shown: Canvas?
  private var isEnded = false
  /// Reads escape sequences whole, across reads.
  private var keyDecoder = KeyDecoder()
  /// What the user typed while the terminal was asked about itself, before
  /// ncurses read it: the first keys `readEvents` gives.
  private var typedAhead: [UInt8] = []
  /// The descriptor frames are written to (the tty, even when stdout is a pipe).
  package var outputFileDescriptor: Int32 { fileno(output) }
  /// The colours the backend draws with.
  package var colorDepth: ColorDepth { palette.depth }
  /// Whether the terminal answered the kitty graphics query (asked only
  /// with `TerminalOptions.asksForKittyPictures`).
  package let showsKittyPictures: Bool
  /// The pictures drawn over the covers at rest, in a terminal that speaks
  /// the kitty graphics protocol; nil draws cells only.
  package var coverLayer: KittyCoverLayer?
  /// Whether the terminal keeps Shelf's screen apart from the shell's; if
  /// not, Shelf clears what it drew on the way out.
  private let hasAlternateScreen: Bool

  /// Takes over the terminal: alternate screen, no echo, keys as they are typed.
  ///
  /// When standard input or output is not a terminal (`--stream` reads a pipe),
  /// `/dev/tty` is used for that side.
  package init(options: TerminalOptions = TerminalOptions()) throws(BackendError) {
    setlocale(LC_ALL, "")
    isUnicode = shelf_locale_is_utf8() != 0
    guard let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty else {
      throw .noTerminal("TERM is not set")
    }
    var opened: [UnsafeMutablePointer<FILE>] = []
    var tty: UnsafeMutablePointer<FILE>?
    func controllingTerminal() throws(BackendError) -> UnsafeMutablePointer<FILE> {
      if let tty { return tty }
      guard let file = fopen("/dev/tty", "r+") else {
        throw .noTerminal("cannot open /dev/tty: \(String(cString: strerror(errno)))")
      }
      tty = file
      opened.append(file)
      return file
    }
    input = isatty(STDIN_FILENO) == 1 ? stdin : try controllingTerminal()
    output = isatty(STDOUT_FILENO) == 1 ? stdout : try controllingTerminal()
    // A terminal that cannot move the cursor (TERM=dumb) would get a garbled
    // line: refuse it as an unknown one, before writing anything to it.
    var canAddressCursor: Int32 = 0
    var hasAlternateScreen: Int32 = 0
    let isKnown =
      shelf_terminal_features(term, fileno(output), &canAddressCursor, &hasAlternateScreen) == 0
    if isKnown && canAddressCursor == 0 {
      for file in opened { fclose(file) }
      throw .noTerminal(
        "'\(TerminalText.sanitized(term))' cannot move the cursor (set TERM to your terminal's type)"
      )
    }
    self.hasAlternateScreen = hasAlternateScreen != 0
    let wantsColor: Bool
    switch options.colorMode {
    case .never: wantsColor = false
    case .always: wantsColor = true
    case .auto: wantsColor = !options.isNoColorSet
    }
    // Asked before ncurses reads the terminal, so the answers are not taken for keys.
    let answers = TerminalQuery.ask(
      background: isKnown && wantsColor && options.theme == .auto,
      kittyPictures: isKnown && options.asksForKittyPictures, input: fileno(input),
      output: fileno(output), term: term)
    showsKittyPictures = answers.showsKittyPictures
    typedAhead = answers.typed
    let background: Background
    switch options.theme {
    case .dark, .solarized, .highContrast: background = .dark
    case .light: background = .light
    case .auto: background = answers.background ?? .dark
    }
    // Before newterm, so that ncurses leaves SIGTSTP, SIGINT, SIGTERM and
    // SIGWINCH to the run loop (see `TerminalSignals.install()`).
    TerminalSignals.install()
    // The shell's modes, for a restore from a signal handler (`endwin()`
    // restores ncurses' own copy of them).
    var shellModes = termios()
    let hasShellModes = tcgetattr(fileno(output), &shellModes) == 0
    let colors = options.theme.colors.overridden(by: options.colors)
    // A 24-bit terminal whose type says 256 colours is drawn with the type's
    // direct-colour twin, for a theme's exact colours (see `ColorSupport`).
    let probeDescriptor = fileno(output)
    let drawnTerm =
      wantsColor
      ? ColorSupport.terminalType(
        for: term, colorTerm: getenv("COLORTERM").map { String(cString: $0) },
        wantsExactColors: colors.hasExactColors,
        describe: { Self.colors(ofType: $0, descriptor: probeDescriptor) })
      : term
    guard isKnown, let screen = newterm(drawnTerm, output, input) else {
      for file in opened { fclose(file) }
      throw .noTerminal("unknown terminal type '\(TerminalText.sanitized(term))'")
    }
    self.screen = screen
    openedFiles = opened
    inputFileDescriptor = fileno(input)
    window = shelf_stdscr()
    // From here on the terminal is ours (alternate screen): a crash must give it back.
    CrashGuard.install()
    CrashGuard.prepareNonBlockingRestore(
      shellModes: hasShellModes ? shellModes : nil, resetSequence: TerminalModes.resetSequence())
    CrashGuard.cursesDidStart(outputDescriptor: fileno(output))

    cbreak()
    noecho()
    nonl()
    TerminalModes.turnFlowControlOff(on: fileno(output))
    intrflush(window, false)
    keypad(window, true)
    nodelay(window, true)
    curs_set(0)
    set_escdelay(25)
    mouseinterval(0)
    var previousMask: mmask_t = 0
    mousemask(shelf_all_mouse_events(), &previousMask)
    TerminalModes.write(TerminalModes.bracketedPasteOn, to: fileno(output))

    palette = Palette.make(wantsColor: wantsColor, background: background, theme: colors)
    size = Size(width: Int(shelf_getmaxx(window)), height: Int(shelf_getmaxy(window)))
  }

  deinit {
    end()
  }

  /// What terminfo says about the colours of terminal type `type`; nil when
  /// it does not know it. Nothing is written to `descriptor`.
  private static func colors(ofType type: String, descriptor: Int32) -> TerminalColors? {
    var colors: Int32 = 0
    var hasRGB: Int32 = 0
    guard shelf_terminal_colors(type, descriptor, &colors, &hasRGB) == 0 else { return nil }
    return TerminalColors(colors: Int(colors), hasRGB: hasRGB != 0)
  }

  /// Gives the terminal back: normal screen, cursor, echo, mouse off. Safe to
  /// call more than once.
  package func end() {
    guard !isEnded else { return }
    isEnded = true
    CrashGuard.cursesDidEnd()
    clearPictures()
    var previousMask: mmask_t = 0
    mousemask(0, &previousMask)
    TerminalModes.write(TerminalModes.bracketedPasteOff, to: fileno(output))
    curs_set(1)
    endwin()
    if !hasAlternateScreen { clearScreen() }
    delscreen(screen)
    for file in openedFiles { fclose(file) }
  }

  /// Clears the whole screen and puts the cursor at the top-left, with the
  /// terminal's own `clear` string (its padding left out): without an
  /// alternate screen the last frame would otherwise stay under the prompt.
  private func clearScreen() {
    guard let bytes = TerminalModes.capability("clear") else { return }
    fflush(output)
    _ = bytes.withUnsafeBytes { Glibc.write(fileno(output), $0.baseAddress, $0.count) }
  }

  /// Ctrl-Z: gives the terminal back, stops the process, and takes the terminal
  /// again when the shell continues it in the foreground; the next `draw`
  /// repaints everything.
  ///
  /// Call it on the thread that draws: nothing is written to the terminal
  /// between giving it back and the stop, so the shell finds it as it expects
  /// (normal screen, cursor shown, mouse and keypad modes off, cooked mode).
  package func suspend() {
    guard !isEnded else { return }
    leaveProgramMode()
    TerminalSignals.stopProcess()
    // Continued in the background (`bg`): taking the terminal now would draw
    // over the shell, so stop again until the shell brings us to the front.
    while !isInForeground && TerminalSignals.canStop {
      TerminalSignals.stopProcess(with: SIGTTOU)
    }
    enterProgramMode()
  }

  /// Gives the terminal back in the shell's modes while `body` runs (a
  /// command that a bound key runs, which may draw or read keys itself),
  /// then takes it again; the next `draw` repaints everything.
  ///
  /// Call it on the thread that draws.
  package func whileHandedBack<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard !isEnded else { return try body() }
    leaveProgramMode()
    defer { enterProgramMode() }
    return try body()
  }

  /// Asks the terminal to put `text` on the clipboard (`Clipboard`), between
  /// two frames.
  package func copyToClipboard(_ text: String) {
    guard !isEnded else { return }
    fflush(output)
    writeAll(Clipboard.sequence(copying: text))
  }

  /// Writes `bytes` to the terminal, past short writes and interruptions.
  private func writeAll(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Glibc.write(fileno(output), $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      written += count
    }
  }

  /// Deletes every picture the cover layer placed or sent.
  private func clearPictures() {
    guard let coverLayer else { return }
    fflush(output)
    writeAll(coverLayer.clear())
  }

  /// The pixels of one cell, when the terminal says its size in pixels.
  package var cellPixelSize: Size? {
    var width: Int32 = 0
    var height: Int32 = 0
    guard shelf_window_pixels(fileno(output), &width, &height) == 0 else { return nil }
    return Self.cellPixelSize(
      window: Size(width: Int(width), height: Int(height)), cells: size)
  }

  /// One cell's pixels in a window of `window` pixels and `cells` cells;
  /// nil when either is empty, or when a cell would come to less than a
  /// pixel a side (a window's pixels reported wrongly): covers then take
  /// the common cell size rather than pictures of no pixels.
  static func cellPixelSize(window: Size, cells: Size) -> Size? {
    guard window.width > 0, window.height > 0, cells.width > 0, cells.height > 0 else {
      return nil
    }
    let cell = Size(width: window.width / cells.width, height: window.height / cells.height)
    return cell.width > 0 && cell.height > 0 ? cell : nil
  }

  /// Whether this process group owns the terminal (the shell's foreground job).
  private var isInForeground: Bool {
    let owner = tcgetpgrp(fileno(output))
    return owner < 0 || owner == getpgrp()
  }

  /// Shell mode: what `endwin()` restores, plus the modes it may miss.
  private func leaveProgramMode() {
    CrashGuard.cursesDidEnd()
    clearPictures()
    TerminalModes.write(TerminalModes.endSynchronizedUpdate, to: fileno(output))
    endwin()
    TerminalModes.write(TerminalModes.mouseReportingOff, to: fileno(output))
    TerminalModes.write(TerminalModes.bracketedPasteOff, to: fileno(output))
  }

  /// Program mode again after `leaveProgramMode()`: raw keys, keypad and mouse
  /// modes, hidden cursor, the size the terminal has now, and a full repaint.
  private func enterProgramMode() {
    CrashGuard.cursesDidStart(outputDescriptor: fileno(output))
    // endwin() turned off keypad and mouse modes: arrows would arrive in the
    // terminal's normal cursor mode (Esc [ C) and read as a lone Esc.
    reset_prog_mode()
    keypad(window, false)
    keypad(window, true)
    var previousMask: mmask_t = 0
    mousemask(0, &previousMask)
    mousemask(shelf_all_mouse_events(), &previousMask)
    TerminalModes.write(TerminalModes.bracketedPasteOn, to: fileno(output))
    curs_set(0)
    followResize()
    invalidate()
  }

  // MARK: - Size

  /// Reads the terminal's size from the kernel after `SIGWINCH` and resizes
  /// ncurses to it.
  ///
  /// - Returns: the new size.
  @discardableResult
  package func followResize() -> Size {
    var lines: Int32 = 0
    var columns: Int32 = 0
    if shelf_window_size(fileno(output), &lines, &columns) == 0, lines > 0, columns > 0 {
      if Int(lines) != size.height || Int(columns) != size.width {
        resizeterm(lines, columns)
      }
    }
    return updateSize()
  }

  private func updateSize() -> Size {
    let newSize = Size(width: Int(shelf_getmaxx(window)), height: Int(shelf_getmaxy(window)))
    if newSize != size {
      size = newSize
      shown = nil
    }
    return size
  }

  // MARK: - Output

  /// Shows `canvas`, writing only the cells that differ from the last frame, in
  /// one terminal write wrapped in synchronized-output marks.
  ///
  /// A canvas of another size than the terminal is clipped or padded with blanks.
  package func draw(_ canvas: Canvas) {
    draw(canvas, covers: [])
  }

  /// Shows `canvas` as `draw(_:)` does, and with a cover layer, `covers` (the
  /// covers at rest) as pictures over their cells, in the same synchronized
  /// update: after ncurses has sent the cells, with the cursor saved and
  /// restored around them, so ncurses still knows where it stands.
  package func draw(_ canvas: Canvas, covers: [PlacedCover]) {
    guard !isEnded else { return }
    var writer = CursesCellWriter(window: window, isUnicode: isUnicode, palette: palette)
    TerminalModes.write(TerminalModes.beginSynchronizedUpdate, to: fileno(output))
    // A full repaint clears the screen, and what it showed with it.
    if shown == nil { coverLayer?.forgetPlacements() }
    writer.show(
      canvas, over: shown, size: size, output: fileno(output), input: inputFileDescriptor)
    palette = writer.palette
    shown = canvas
    if let coverLayer {
      fflush(output)
      writeAll(coverLayer.frame(showing: covers))
    }
    TerminalModes.write(TerminalModes.endSynchronizedUpdate, to: fileno(output))
  }

  /// Forgets what the terminal shows, so the next `draw` repaints every cell
  /// (after Ctrl-L or anything else that may have scribbled on the screen).
  package func invalidate() {
    shown = nil
    clearok(window, true)
  }

  // MARK: - Input

  /// Whether keys typed before the screen began wait to be read
  /// (`readEvents` gives them first): the loop reads them without waiting
  /// for more input.
  package var hasTypedAhead: Bool { !typedAhead.isEmpty }

  /// Whether the tty has hung up or failed: reading it would never give a key.
  package var isInputClosed: Bool {
    var descriptor = pollfd(fd: inputFileDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) >= 0 else { return true }
    return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// Everything the terminal has reported since the last call: keys, mouse
  /// events, pastes and resizes, oldest first. Never blocks, beyond the
  /// escape delay (25 ms) it waits for the rest of an escape sequence begun:
  /// a sequence is read whole, and an ESC alone is the Esc key only when
  /// nothing followed it within the delay.
  package func readEvents() -> [TerminalEvent] {
    guard !isEnded else { return [] }
    var events: [TerminalEvent] = []
    if !typedAhead.isEmpty {
      events += keyDecoder.feed(typed: typedAhead, at: Self.milliseconds()).map { .key($0) }
      typedAhead = []
    }
    while true {
      var character: wint_t = 0
      let result = wget_wch(window, &character)
      let now = Self.milliseconds()
      if result == ERR {
        guard let deadline = keyDecoder.deadline else { break }
        if now < deadline, waitForInput(milliseconds: deadline - now) { continue }
        events += keyDecoder.expire().map { .key($0) }
        continue  // ncurses may still hold characters it read
      }
      let input: KeyDecoder.Input
      if result == shelf_key_code_yes() {
        let code = Int32(character)
        if code == KEY_RESIZE {
          events.append(.resize(updateSize()))
          continue
        }
        input = .key(decodeFunctionKey(code))
      } else {
        input = .character(UInt32(character))
      }
      events += keyDecoder.feed(input, at: now).map { .key($0) }
    }
    return events
  }

  /// Whether input came within `milliseconds`.
  private func waitForInput(milliseconds: UInt64) -> Bool {
    var descriptor = pollfd(fd: inputFileDescriptor, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, Int32(min(milliseconds, 1_000))) > 0
  }

  /// Monotonic milliseconds, for the escape delay.
  private static func milliseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000 + UInt64(time.tv_nsec) / 1_000_000
  }

  private func decodeFunctionKey(_ code: Int32) -> Key? {
    switch code {
    case KEY_MOUSE:
      var event = MEVENT()
      guard getmouse(&event) == OK else { return nil }
      return mouseEvent(event).map { .mouse($0) }
    default:
      return KeyDecoder.key(forKeyCode: code, name: keyname(code).map { String(cString: $0) })
    }
  }

  private func mouseEvent(_ event: MEVENT) -> MouseEvent? {
    let state = event.bstate
    let position = Point(x: Int(event.x), y: Int(event.y))
    // Shift with the wheel scrolls sideways (what most terminals also send
    // for a horizontal wheel that ncurses cannot name).
    let isShifted = state & shelf_button_shift() != 0
    if isShifted && state & shelf_button4_pressed() != 0 {
      return MouseEvent(kind: .wheelLeft, position: position)
    }
    if isShifted && state & shelf_button5_pressed() != 0 {
      return MouseEvent(kind: .wheelRight, position: position)
    }
    if state & shelf_button4_pressed() != 0 {
      return MouseEvent(kind: .wheelUp, position: position)
    }
    if state & shelf_button5_pressed() != 0 {
      return MouseEvent(kind: .wheelDown, position: position)
    }
    if state & shelf_button1_pressed() != 0 { return MouseEvent(kind: .press, position: position) }
    if state & shelf_button1_released() != 0 {
      return MouseEvent(kind: .release, position: position)
    }
    if state & shelf_button1_clicked() != 0 { return MouseEvent(kind: .click, position: position) }
    return nil
  }
}
