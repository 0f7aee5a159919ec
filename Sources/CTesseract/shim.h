#ifndef CTESSERACT_SHIM_H
#define CTESSERACT_SHIM_H
// Leptonica first: otherwise Pix* imports as OpaquePointer (see shared/docs/ocr-notes.md).
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
#include <tesseract/version.h>
// mallinfo2: heap bytes in use, which tests compare around loops of C allocations.
#include <malloc.h>
#endif
