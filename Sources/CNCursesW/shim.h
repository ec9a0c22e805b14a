// The C surface of ncursesw that Swift can import, plus static inline wrappers
// for what it cannot (macros and variadic calls). Only ShelfTerminal imports it.
#ifndef SHELF_CNCURSESW_SHIM_H
#define SHELF_CNCURSESW_SHIM_H

// The wide-character API (cchar_t, wget_wch, wadd_wch, setcchar) is only declared
// with this define; SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so set it here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline int shelf_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int shelf_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline WINDOW *shelf_stdscr(void) { return stdscr; }
static inline int shelf_colors(void) { return COLORS; }
static inline int shelf_color_pairs(void) { return COLOR_PAIRS; }
static inline int shelf_key_f(int n) { return KEY_F(n); }

static inline attr_t shelf_a_normal(void) { return A_NORMAL; }
static inline attr_t shelf_a_bold(void) { return A_BOLD; }
static inline attr_t shelf_a_dim(void) { return A_DIM; }
static inline attr_t shelf_a_reverse(void) { return A_REVERSE; }
static inline attr_t shelf_a_underline(void) { return A_UNDERLINE; }

static inline mmask_t shelf_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t shelf_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t shelf_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t shelf_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t shelf_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t shelf_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t shelf_button_shift(void) { return BUTTON_SHIFT; }

// Whether the current locale's codeset is UTF-8 (after setlocale(LC_ALL, "")).
#include <langinfo.h>
#include <string.h>
static inline int shelf_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// The terminal's size in lines and columns, from the kernel (0 on success).
#include <sys/ioctl.h>
static inline int shelf_window_size(int fd, int *lines, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *lines = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

// The terminal's size in pixels (0 when it does not say).
static inline int shelf_window_pixels(int fd, int *width, int *height) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *width = size.ws_xpixel;
  *height = size.ws_ypixel;
  return 0;
}

// The key code ncurses gives for KEY_CODE_YES (a function key, not a character).
static inline int shelf_key_code_yes(void) { return KEY_CODE_YES; }

// The real-time signals' range: SIGRTMIN and SIGRTMAX are calls into glibc.
#include <signal.h>
static inline int shelf_sigrtmin(void) { return SIGRTMIN; }
static inline int shelf_sigrtmax(void) { return SIGRTMAX; }

// What terminfo says about the terminal type `term`, before ncurses takes the
// terminal: whether it can move the cursor anywhere (cup) and whether it has
// an alternate screen (smcup and rmcup). Returns -1 when terminfo does not know
// `term`, 0 otherwise; nothing is written to the terminal and nothing stays
// set up. (term.h is included last: it defines macros such as `lines`.)
#include <ncursesw/term.h>
static inline int shelf_has_string_capability(const char *name) {
  char *value = tigetstr(name);
  return value != NULL && value != (char *)-1 && value[0] != '\0';
}
// The terminal's string that puts the cursor at line `y`, column `x` from
// anywhere (cup), or NULL when it has none.
static inline const char *shelf_cursor_address(int y, int x) {
  if (cursor_address == NULL || cursor_address == (char *)-1) return NULL;
  return tparm(cursor_address, y, x);
}
// Whether the current terminal has the RGB capability (ncurses' direct
// colour): a flag, a number or a string, as terminfo allows.
static inline int shelf_has_rgb(void) {
  if (tigetflag("RGB") > 0) return 1;
  if (tigetnum("RGB") > 0) return 1;
  return shelf_has_string_capability("RGB");
}
// What terminfo says about the colours of terminal type `term`, before
// ncurses takes the terminal: its colour count and whether it has RGB.
// Returns -1 when terminfo does not know `term`, 0 otherwise.
static inline int shelf_terminal_colors(const char *term, int fd, int *colors, int *has_rgb) {
  int error = 0;
  TERMINAL *previous = cur_term;
  if (setupterm(term, fd, &error) != OK) return -1;
  *colors = tigetnum("colors");
  *has_rgb = shelf_has_rgb();
  TERMINAL *probe = set_curterm(previous);
  del_curterm(probe);
  return 0;
}
static inline int shelf_terminal_features(const char *term, int fd, int *can_address_cursor,
                                          int *has_alternate_screen) {
  int error = 0;
  TERMINAL *previous = cur_term;
  if (setupterm(term, fd, &error) != OK) return -1;
  *can_address_cursor = shelf_has_string_capability("cup");
  *has_alternate_screen =
      shelf_has_string_capability("smcup") && shelf_has_string_capability("rmcup");
  TERMINAL *probe = set_curterm(previous);
  del_curterm(probe);
  return 0;
}

#endif
