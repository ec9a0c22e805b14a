// libcurl for ShelfCatalog's HTTP fetches: curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call, so each use is
// wrapped here with its one argument type.
#include <curl/curl.h>

static inline CURLcode shelf_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode shelf_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode shelf_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode shelf_curl_set_text(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode shelf_curl_set_headers(CURL *handle, struct curl_slist *headers) {
  return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

static inline CURLcode shelf_curl_set_writer(CURL *handle, CURLoption option,
                                             curl_write_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode shelf_curl_set_progress(CURL *handle, curl_xferinfo_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline long shelf_curl_response_code(CURL *handle) {
  long code = 0;
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

/// The body bytes received so far, as they came over the wire (before decoding).
static inline curl_off_t shelf_curl_received(CURL *handle) {
  curl_off_t count = 0;
  curl_easy_getinfo(handle, CURLINFO_SIZE_DOWNLOAD_T, &count);
  return count;
}
