#ifndef LIGHTBOX_CLCMS2_SHIM_H
#define LIGHTBOX_CLCMS2_SHIM_H

/* Little CMS 2: an export's pixels turned from their embedded profile into sRGB. */
#include <lcms2.h>

#endif
