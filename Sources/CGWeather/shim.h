#ifndef LIGHTBOX_CGWEATHER_SHIM_H
#define LIGHTBOX_CGWEATHER_SHIM_H

/* libgweather's locations database (the world's cities with their coordinates), offline:
 * the nearest place to a photo's GPS position, as GNOME's image viewer names it. */
#include <libgweather/gweather.h>

#endif
