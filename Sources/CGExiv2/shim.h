#ifndef LIGHTBOX_CGEXIV2_SHIM_H
#define LIGHTBOX_CGEXIV2_SHIM_H

#include <gexiv2/gexiv2.h>

#endif
