#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// these typed wrappers are the only way in.
typedef size_t (*CCurl_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);

static inline CURLcode CCurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_write_callback(CURL *handle, CURLoption option, CCurl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
// CURL_GLOBAL_DEFAULT is a macro expression Swift does not import.
static inline CURLcode CCurl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
static inline long CCurl_error_size(void) {
    return CURL_ERROR_SIZE;
}
#endif
