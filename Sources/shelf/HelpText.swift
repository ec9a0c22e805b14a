/// What `shelf --help` says after the options.
enum HelpText {
  static let discussion = """
    With no options, the bundled catalog with live demo updates. Source options \
    (--catalog, --watch, --exec, --url, --stream) repeat and mix: their sections \
    are shown one after another, in the order given. A file given alone is \
    --catalog FILE.

    Records: every source also reads a JSON array of objects, NDJSON, CSV, TSV or \
    plain lines (--format, else the extension, else the content); --group-by makes \
    a row per value, and templates such as --title '{name} ({section})' make the \
    cards. Every field stays on its card: in the details, in search, and in \
    --print, --bind and y. With a record option and stdin a pipe, records come \
    from stdin (cmd | shelf --group-by F) and keys from the terminal.

    Keys: arrows or h j k l move, Home/End or g/G first/last row, 0/$ first/last \
    card, PgUp/PgDn, Enter details, / filter, Tab/Shift-Tab one source alone or \
    all of them (with several), space pause, . one update, ? help, \
    q quits, Esc closes what is open (it never quits), y sends the card to the \
    clipboard (OSC 52: kitty, and tmux with set-clipboard on, take it; xterm \
    needs allowWindowOps, or SetSelection out of disallowedWindowOps; urxvt \
    needs a clipboard extension), Ctrl-L redraws the screen, Ctrl-Z suspends \
    (fg resumes); Shift with an arrow, Home, End, PgUp or PgDn is the key \
    alone, and Ctrl-S and Ctrl-Q are free for --bind. With --pick, \
    Enter prints the card, and q, or Esc with nothing open, cancels (exit 1). \
    Mouse: click focuses; the wheel over the focused row's cards scrolls them, \
    elsewhere it moves between rows.

    Exit status: 0 ok, 64 usage, 65 bad data, 66 missing input, 69 a source that \
    cannot be reached, 70 internal error, 74 I/O error, 141 stdout's reader went \
    away (| head: as SIGPIPE would), 128 + n after signal n.
    """
}
