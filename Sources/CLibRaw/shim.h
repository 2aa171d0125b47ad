#ifndef LIGHTBOX_CLIBRAW_SHIM_H
#define LIGHTBOX_CLIBRAW_SHIM_H

/* The thread-safe build (libraw_r): RAW files are decoded on several threads at once. */
#include <libraw/libraw.h>

#endif
