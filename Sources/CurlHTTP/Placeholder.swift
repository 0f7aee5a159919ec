// Placeholder so the module builds until its issue fills it; delete when adding real sources.
enum CurlHTTPPlaceholder {}
