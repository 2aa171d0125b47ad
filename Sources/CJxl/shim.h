#ifndef LIGHTBOX_CJXL_SHIM_H
#define LIGHTBOX_CJXL_SHIM_H

#include <jxl/decode.h>

#endif
