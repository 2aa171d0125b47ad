#ifndef LIGHTBOX_CHEIF_SHIM_H
#define LIGHTBOX_CHEIF_SHIM_H

#include <libheif/heif.h>

#endif
