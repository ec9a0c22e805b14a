/// What `shelf --help` says after the options, and the man page's
/// DESCRIPTION and its other sections: a line holding only capitals (such as
/// `EXAMPLES`) starts a section of the man page (`make man` moves it there),
/// and a line indented by two spaces is shown as it is, not filled.
///
/// The manual plugin drops every character outside ASCII, so this text keeps
/// to ASCII.
enum HelpText {
  static let discussion = """
    With no options, the bundled catalog with live demo updates. Source options \
    (--catalog, --watch, --exec, --url, --sqlite, --stream) repeat and mix: their sections \
    are shown one after another, in the order given, each source animating on \
    its own; Tab shows one alone. A source that fails never takes the others \
    down: its error shows in the message area and its state in the status line; \
    only when every source fails at start does shelf exit, with the first one's \
    error. The demo runs on the bundled catalog (unless --no-live), or on a \
    single --catalog given --rate, --churn or --seed. A file given alone is \
    --catalog FILE.

    Records: every source also reads a JSON array of objects, NDJSON, CSV, TSV or \
    plain lines (--format, else the extension, else the content: text is lines \
    unless a record option asks for CSV or TSV); --group-by makes a row per \
    value, and templates such as --title '{name} ({section})' make the cards. \
    Every field stays on its card: in the details, in search, and in --print, \
    --bind and y. With no source named and stdin a pipe or a file, records come \
    from stdin (cmd | shelf --group-by F) and keys from the terminal.

    --watch: a file that is deleted, truncated or invalid (also mid-write) shows \
    its error and keeps the last good data on screen; the next good version \
    animates in. --exec runs its command through /bin/sh -c (stdin from \
    /dev/null, in a process group of its own, killed when the run ends); runs \
    never overlap, and one that fails, prints more than 256 MiB or outlives the \
    interval shows its error with the command's last stderr line. --url sends \
    If-None-Match and If-Modified-Since, so an unchanged catalog costs no parse; \
    a fetch is limited to 10 s, a body of 256 MiB (also after decompression, \
    and at most 200 times its compressed size), 64 KiB of headers and 10 \
    redirects to http and https URLs. --stream reports a bad line (stdin, line \
    N) and skips it; end of input keeps the last screen.

    Keys: arrows or h j k l move, Home/End or g/G first/last row, 0/$ first/last \
    card, PgUp/PgDn, [ and ] previous/next section, s sorts the row's cards \
    (catalog, title, year, rating) and S every row's, Enter details (the card \
    joins Recently viewed, unless --no-recent), / filter, Tab/Shift-Tab one \
    source alone or \
    all of them (with several), space pause, . one update, ? help, m messages, \
    q quits, Esc closes what is open (it never quits), y sends the card to the \
    clipboard (OSC 52: kitty, and tmux with set-clipboard on, take it; xterm \
    needs allowWindowOps, or SetSelection out of disallowedWindowOps; urxvt \
    needs a clipboard extension), Ctrl-L redraws the screen, Ctrl-Z suspends \
    (fg resumes); Shift with an arrow, Home, End, PgUp or PgDn is the key \
    alone (but with --preview, Shift+Up/Down scroll its pane, p hides it and \
    P focuses it), and Ctrl-S and Ctrl-Q are free for --bind. With --pick, \
    Enter prints the card, and q, or Esc with nothing open, cancels (exit 1). \
    Mouse: click focuses; the wheel over the focused row's cards scrolls them, \
    elsewhere it moves between rows.

    The / filter keeps the cards in which each word typed has its letters in \
    order in one of the card's fields (title, subtitle, year, a tag or a \
    record's field), ignoring case, accents and width (dostoevsky finds \
    Dostoyevsky), ranked as fzf ranks; 'word asks for the whole word, ^word \
    for a field that starts with it, word$ for one that ends with it, and \
    Ctrl-E (or --exact) for words as typed. A Best matches row on top holds \
    the 50 best: Enter takes the first (with --pick, prints it), Tab or Down \
    keeps the filter to browse, Esc clears it.

    Exit status: 0 ok, 64 usage, 65 bad data, 66 missing input, 69 a source that \
    cannot be reached, 70 internal error, 74 I/O error or no usable terminal, \
    78 a bad config file, \
    141 when the reader of stdout went away (| head: as SIGPIPE would, --pick \
    too); after a signal, 128 plus its number. \
    The terminal is restored on every exit, signals and crashes included.

    CATALOG AND RECORD FORMATS
    A catalog is one JSON object: a title and sections of rows of cards \
    (items). A top-level rows array is one untitled section. Ids are strings or \
    integers; sections need an id, rows and cards an id and a title; every \
    other field is optional, and ratings are 0 to 5:
      {"title": "Bookstore", "sections": [{"id": "featured", "title": "Featured",
        "rows": [{"id": "sci-fi", "title": "Science Fiction", "items": [
          {"id": "dune", "title": "Dune", "subtitle": "Frank Herbert",
           "year": 1965, "rating": 4.3, "summary": "...", "tags": ["classic"],
           "url": "https://example.org/dune"}]}]}]}
    A bad catalog is one line naming the file, line, column, JSON path and \
    problem (exit 65). Repeated ids load, kept apart by occurrence, with a \
    warning. Limits: 256 MiB a file, nesting depth 64, ids of 256 bytes, texts \
    of 1 MiB. Control characters and escape sequences in data are drawn as \
    visible placeholders, never sent to the terminal. --stream reads one such \
    catalog per line (NDJSON). shelf diff prints the row and card changes by id \
    as JSON: for sections, rows and each row's cards, the ids inserted, deleted, \
    moved and reloaded.

    EXAMPLES
      shelf --watch books.json
      shelf --exec './export-catalog' --every 10s --url https://example.org/c.json
      book=$(shelf --no-live --pick --print '{title}') && echo "Reading: $book"
      shelf --no-live --pick --multi --print '{year} {title}' | sort -n
      shelf --catalog books.json --bind 'o:xdg-open {url}'
      shelf render --width 120 --height 40 --catalog books.json
      shelf frames a.json b.json --format asciicast > change.cast
      shelf record --seconds 30 --rate fast --seed 7 --output demo.cast

    ENVIRONMENT
    SHELF_CONFIG names the config file (when --config does not); else it is \
    $XDG_CONFIG_HOME/shelf/config.toml, or ~/.config/shelf/config.toml without \
    XDG_CONFIG_HOME. NO_COLOR, when set and not empty, turns colour off (as --color never). \
    COLORFGBG names the background for --theme auto when the terminal does not \
    answer. COLORTERM=truecolor (or 24bit) says the terminal shows 24-bit colour: \
    a theme's "#rrggbb" is then drawn exactly, through TERM's -direct twin in \
    terminfo (xterm-256color: xterm-direct), as with TERM=xterm-direct; \
    elsewhere it is the nearest of 256. TERM names the terminal; one that cannot move the cursor (dumb) is \
    refused with exit 74. SHELF_RESOURCES is a folder holding the bundled \
    catalog.json. SOURCE_DATE_EPOCH fixes the timestamp of recordings.

    FILES
    ~/.config/shelf/config.toml (or $XDG_CONFIG_HOME/shelf/config.toml) holds \
    defaults for any option, under its long name at the top level (width = 100, \
    no-recent = true), every command reading those it takes; options on the \
    command line win. [keys] remaps actions (down = ["j", "ctrl-n"]) and \
    [theme] sets name = "dark" or "light" and colours by role (focus = \
    "#268bd2"). shelf config --print-default prints \
    one with every key. A bad file is one line with its path, line, column and \
    the problem, and exit 78.
    PREFIX/share/shelf/catalog.json is the bundled catalog shown with no \
    source, found beside the executable, through SHELF_RESOURCES, or in the \
    source tree.
    """
}
