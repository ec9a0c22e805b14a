/// What the screen does besides browsing, set by the app from its options.
public struct ScreenActions: Hashable, Sendable {
  /// Enter picks the focused card, q and Esc cancel (`--pick`).
  public var isPicking = false
  /// `m` marks cards, and Enter picks every marked one (`--multi`).
  public var isMultiPick = false
  /// Whether `y` copies the focused card.
  public var canCopy = true
  /// Keys bound to commands (`--bind`), in the order given.
  public var bindings: [KeyBinding] = []

  /// Screen actions as given.
  public init(
    isPicking: Bool = false, isMultiPick: Bool = false, canCopy: Bool = true,
    bindings: [KeyBinding] = []
  ) {
    self.isPicking = isPicking
    self.isMultiPick = isMultiPick
    self.canCopy = canCopy
    self.bindings = bindings
  }
}

/// A key bound to a command the app runs on the focused card.
public struct KeyBinding: Hashable, Sendable {
  /// The key.
  public var key: Key
  /// How the help names the key (`o`, `ctrl-o`, `f5`).
  public var name: String
  /// The command as given, shown in the help.
  public var command: String

  /// `key`, named `name`, bound to `command`.
  public init(key: Key, name: String, command: String) {
    self.key = key
    self.name = name
    self.command = command
  }
}

/// A card as a pick hands it on: its fields, and where it was shown.
public struct PickedCard: Equatable, Sendable {
  /// The card.
  public var face: CardFace
  /// The title of its row.
  public var rowTitle: String
  /// The heading of its section; empty for an untitled one.
  public var sectionTitle: String

  /// `face`, shown in the row titled `rowTitle` under `sectionTitle`.
  public init(face: CardFace, rowTitle: String, sectionTitle: String) {
    self.face = face
    self.rowTitle = rowTitle
    self.sectionTitle = sectionTitle
  }
}

/// The marks of a multiple pick and the status line's passing notice.
struct PickingState {
  /// A card in a row: what a mark is attached to.
  struct CardKey: Hashable {
    var rowID: String
    var cardID: String
  }

  /// The marked cards, in the order they were marked.
  var marked: [(key: CardKey, card: PickedCard)] = []
  /// The keys of `marked`, for drawing.
  var markedKeys: Set<CardKey> = []
  /// A word for the status line ("copied") until the next key.
  var notice: String?
}

extension ShelfScreen {
  // MARK: - Keys that act on cards

  /// Whether the screen itself uses `key` while browsing, with `--multi`'s
  /// mark key when `isMultiPick`: such a key cannot be bound to a command.
  nonisolated public static func isReserved(
    _ key: Key, isMultiPick: Bool, hasPreview: Bool = false
  ) -> Bool {
    if hasPreview && (key == previewToggleKey || key == previewFocusKey) { return true }
    switch key {
    case .up, .down, .shiftUp, .shiftDown, .left, .right, .home, .end, .pageUp, .pageDown, .enter,
      .escape,
      .backspace, .tab, .backTab, .delete, .insert, .mouse, .paste:
      return true
    case .function(let number): return number == 1
    case .control(let letter): return "clzu".contains(letter)
    case .character(let character):
      return "hjklgG0$?q/ .ym[]sS".contains(character)
    }
  }

  /// Enter, q, Esc, `m`, `y` and bound keys as the actions make them; nil
  /// passes the key on to browsing.
  func handleActionKey(_ key: Key) -> ScreenCommand? {
    if let index = actions.bindings.firstIndex(where: { $0.key == key }) {
      return focusedCard == nil ? ScreenCommand.none : .runBinding(index)
    }
    switch key {
    case .character("y"):
      return actions.canCopy && focusedCard != nil ? .copy : ScreenCommand.none
    case .character("m") where actions.isPicking && actions.isMultiPick:
      toggleMark()
      return .redraw
    case .enter where actions.isPicking:
      return pickedCards.isEmpty ? ScreenCommand.none : .pick
    case .character("i") where actions.isPicking:
      // Enter picks there, so the details (a long title whole) open with i.
      guard focusedCard != nil else { return ScreenCommand.none }
      overlay = .details
      return .redraw
    case .character("q") where actions.isPicking:
      return .cancel
    default:
      return nil
    }
  }

  /// Marks the focused card, or unmarks it.
  func toggleMark() {
    guard let card = focusedPick, let row = focusedRow, let shown = focusedCard else { return }
    var key = PickingState.CardKey(rowID: row.id, cardID: card.face.id)
    if row.id == ReservedID.bestMatches,
      let match = contentPath.bestMatches.first(where: { $0.shownID == shown.id })
    {
      key.rowID = match.rowID
    }
    if picking.markedKeys.remove(key) != nil {
      picking.marked.removeAll { $0.key == key }
    } else {
      picking.markedKeys.insert(key)
      picking.marked.append((key, card))
    }
  }

  /// The focused card with its row and section, if there is one; a card
  /// of the "Best matches" row is its own card, in its own row.
  public var focusedPick: PickedCard? {
    guard let card = focusedCard, let row = focusedRow else { return nil }
    if row.id == ReservedID.bestMatches,
      let match = contentPath.bestMatches.first(where: { $0.shownID == card.id })
    {
      return match.pick
    }
    let model = table.model
    let section = model.rowIndexByID[row.id].map { model.entries[model.entryOfRow[$0]].section }
    let title = section.flatMap { model.sections[$0].title } ?? ""
    return PickedCard(face: card, rowTitle: row.title, sectionTitle: title)
  }

  /// What Enter picks: the marked cards in the order they were marked, or,
  /// with none marked, the focused card.
  public var pickedCards: [PickedCard] {
    if !picking.marked.isEmpty { return picking.marked.map(\.card) }
    if let taken = takenPick { return [taken] }
    return focusedPick.map { [$0] } ?? []
  }

  /// A word the status line shows until the next key, such as "copied".
  public var notice: String? {
    get { picking.notice }
    set { picking.notice = newValue }
  }

  // MARK: - Drawing

  /// Marks the marked cards the table shows, on their top border.
  func drawMarks(into canvas: inout Canvas) {
    guard !picking.markedKeys.isEmpty, let scene = table.shownScene else { return }
    let style = Style(foreground: .accent, isBold: true)
    for row in scene.rows {
      let clip = scene.body.intersection(
        Rect(x: 0, y: row.y + 1, width: scene.size.width, height: max(0, row.height - 1)))
      guard !clip.isEmpty else { continue }
      for card in row.cards where card.width >= 5 {
        let key = PickingState.CardKey(rowID: row.id, cardID: card.face.id)
        guard picking.markedKeys.contains(key) else { continue }
        canvas.write("✓", at: Point(x: card.x + 2, y: row.y + 1), style: style, clip: clip)
      }
    }
  }

  /// Whether the help lists `entry` of `keyHelp`: a pick gives Enter and q
  /// other meanings, which `actionHelp` lists.
  func isShownInHelp(_ entry: (keys: String, action: String)) -> Bool {
    if actions.isMultiPick && entry.keys == "m" { return false }  // `m` marks there
    return !actions.isPicking || (entry.keys != "Enter" && !entry.keys.hasPrefix("q"))
  }

  /// The help's lines for picking, copying and bound keys.
  var actionHelp: [(keys: String, action: String)] {
    var lines: [(keys: String, action: String)] = []
    if actions.isPicking {
      lines.append(("Enter", actions.isMultiPick ? "pick the marked cards" : "pick this card"))
      lines.append(("i", "details of this card (Enter closes them)"))
      lines.append(("q  Esc", "cancel the pick"))
      if actions.isMultiPick { lines.append(("m", "mark / unmark this card")) }
    }
    if actions.canCopy {
      lines.append(("y", "send this card to the clipboard (some terminals need a setting)"))
    }
    for binding in actions.bindings {
      lines.append((TerminalText.sanitized(binding.name), TerminalText.sanitized(binding.command)))
    }
    return lines
  }
}
