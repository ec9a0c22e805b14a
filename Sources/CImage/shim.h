// Covers: libjpeg-turbo decodes JPEG (scaled down by 1/2, 1/4 or 1/8 as it
// decodes, for a small cover), stb_image (Debian's libstb) PNG and GIF,
// libwebp WebP; libchafa turns the pixels into character cells with colours. Everything
// that touches libjpeg's or chafa's types is here, so Swift sees plain C
// functions.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>
#include <stb/stb_image.h>
#include <webp/decode.h>
#include <chafa.h>

/// libjpeg's error manager, which jumps back instead of exiting, and notes
/// a picture that ends early (a warning to libjpeg, which would fill the
/// rest with grey).
struct shelf_jpeg_error {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  int isCutShort;
};

static void shelf_jpeg_fail(j_common_ptr info) {
  longjmp(((struct shelf_jpeg_error *)info->err)->jump, 1);
}

static void shelf_jpeg_message(j_common_ptr info, int level) {
  struct shelf_jpeg_error *error = (struct shelf_jpeg_error *)info->err;
  if (level < 0 && error->manager.msg_code == JWRN_JPEG_EOF) error->isCutShort = 1;
}

static void shelf_jpeg_output(j_common_ptr info) { (void)info; }

/// The pixels of JPEG `bytes` as RGBA, scaled down by the largest of 1/8,
/// 1/4, 1/2 that keeps them at least `least_width` x `least_height`; NULL
/// when they cannot be decoded or end early. Free them with free().
static inline unsigned char *shelf_jpeg_decode(
  const unsigned char *bytes, unsigned long length, int least_width, int least_height,
  int *width, int *height
) {
  struct jpeg_decompress_struct info;
  struct shelf_jpeg_error error;
  unsigned char *volatile pixels = NULL;
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = shelf_jpeg_fail;
  error.manager.emit_message = shelf_jpeg_message;
  error.manager.output_message = shelf_jpeg_output;
  error.isCutShort = 0;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    free(pixels);
    return NULL;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, bytes, length);
  if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) longjmp(error.jump, 1);
  info.out_color_space = JCS_EXT_RGBA;
  unsigned int scale = 8;
  while (scale > 1
         && (info.image_width / scale < (unsigned int)least_width
             || info.image_height / scale < (unsigned int)least_height)) {
    scale /= 2;
  }
  info.scale_num = 1;
  info.scale_denom = scale;
  jpeg_start_decompress(&info);
  size_t rowBytes = (size_t)info.output_width * 4;
  pixels = malloc(rowBytes * info.output_height);
  if (!pixels) longjmp(error.jump, 1);
  while (info.output_scanline < info.output_height && !error.isCutShort) {
    unsigned char *row = pixels + rowBytes * info.output_scanline;
    if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
  }
  if (error.isCutShort || info.output_scanline < info.output_height) longjmp(error.jump, 1);
  *width = (int)info.output_width;
  *height = (int)info.output_height;
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return pixels;
}

/// The pixels of `bytes` as RGBA, 4 bytes a pixel, rows top to bottom; NULL
/// when they cannot be decoded. Free them with `shelf_image_free`.
static inline unsigned char *shelf_image_decode(
  const unsigned char *bytes, int length, int *width, int *height
) {
  int channels = 0;
  return stbi_load_from_memory(bytes, length, width, height, &channels, 4);
}

static inline void shelf_image_free(unsigned char *pixels) { stbi_image_free(pixels); }

/// The width and height a WebP's headers declare, read without decoding a
/// pixel; 1 when they could be read.
static inline int shelf_webp_size(
  const unsigned char *bytes, size_t length, int *width, int *height
) {
  return WebPGetInfo(bytes, length, width, height);
}

/// A WebP's pixels (its first frame) as RGBA, 4 bytes a pixel, rows top to
/// bottom; NULL when they cannot be decoded. Free them with `shelf_webp_free`.
static inline unsigned char *shelf_webp_decode(
  const unsigned char *bytes, size_t length, int *width, int *height
) {
  return WebPDecodeRGBA(bytes, length, width, height);
}

static inline void shelf_webp_free(unsigned char *pixels) { WebPFree(pixels); }

/// Converts `width` x `height` RGBA pixels to `columns` x `lines` cells drawn
/// with half blocks, quadrants and sextants: each cell's character, and its
/// foreground and background as palette indices of a `colors`-colour
/// terminal (256, 16 or 8; -1: the terminal's own). With `colors` 0 the
/// cells are shapes only (foreground and background -1). 1 on success.
static inline int shelf_image_cells(
  const unsigned char *rgba, int width, int height, int columns, int lines, int colors,
  uint32_t *characters, int32_t *foregrounds, int32_t *backgrounds
) {
  ChafaCanvasMode mode =
    colors >= 256 ? CHAFA_CANVAS_MODE_INDEXED_256
    : colors >= 16 ? CHAFA_CANVAS_MODE_INDEXED_16
    : colors >= 8 ? CHAFA_CANVAS_MODE_INDEXED_8
    : CHAFA_CANVAS_MODE_FGBG;
  ChafaSymbolMap *symbols = chafa_symbol_map_new();
  if (!symbols) return 0;
  chafa_symbol_map_add_by_tags(
    symbols, CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_HALF
      | CHAFA_SYMBOL_TAG_QUAD | CHAFA_SYMBOL_TAG_SEXTANT);
  ChafaCanvasConfig *config = chafa_canvas_config_new();
  chafa_canvas_config_set_geometry(config, columns, lines);
  chafa_canvas_config_set_canvas_mode(config, mode);
  chafa_canvas_config_set_symbol_map(config, symbols);
  // Transparent pixels are blended over a dark background.
  chafa_canvas_config_set_fg_color(config, 0xffffff);
  chafa_canvas_config_set_bg_color(config, 0x000000);
  ChafaCanvas *canvas = chafa_canvas_new(config);
  int ok = canvas != NULL;
  if (ok) {
    chafa_canvas_draw_all_pixels(
      canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    for (int y = 0; y < lines; y++) {
      for (int x = 0; x < columns; x++) {
        int index = y * columns + x;
        characters[index] = chafa_canvas_get_char_at(canvas, x, y);
        int fg = -1, bg = -1;
        if (colors > 0) chafa_canvas_get_raw_colors_at(canvas, x, y, &fg, &bg);
        foregrounds[index] = fg >= 0 && fg < colors ? fg : -1;
        backgrounds[index] = bg >= 0 && bg < colors ? bg : -1;
      }
    }
    chafa_canvas_unref(canvas);
  }
  chafa_canvas_config_unref(config);
  chafa_symbol_map_unref(symbols);
  return ok;
}

/// Makes chafa draw on the calling thread: covers are converted on worker
/// threads already, and a 24 x 12 cover is too small to share.
static inline void shelf_image_single_thread(void) { chafa_set_n_threads(1); }
