#ifndef LIGHTBOX_CGWEATHER_SHIM_H
#define LIGHTBOX_CGWEATHER_SHIM_H

/* libgweather's locations database (the world's cities with their coordinates), offline:
 * the nearest place to a photo's GPS position, as GNOME's image viewer names it.
 * libgweather is opened with dlopen the first time a place is looked up, not linked: it
 * brings libsoup, ICU, libxml2 and Kerberos (fifteen libraries) that the app's startup and
 * its decoder workers would otherwise map. The functions are libgweather 4's. */
#include <dlfcn.h>
#include <stddef.h>

typedef struct _GWeatherLocation GWeatherLocation;

typedef struct {
    GWeatherLocation *(*get_world)(void);                                       /* transfer full */
    GWeatherLocation *(*find_nearest_city)(GWeatherLocation *, double, double); /* transfer full */
    void (*get_coords)(GWeatherLocation *, double *, double *);
    char *(*get_city_name)(GWeatherLocation *);                                 /* transfer full */
    const char *(*get_name)(GWeatherLocation *);
    char *(*get_country_name)(GWeatherLocation *);                              /* transfer full */
} lbx_gweather;

/* Fills `functions` from libgweather 4; 0 when the library or one of them is missing. */
static inline int lbx_gweather_open(lbx_gweather *functions) {
    void *library = dlopen("libgweather-4.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    functions->get_world = (GWeatherLocation *(*)(void))dlsym(library, "gweather_location_get_world");
    functions->find_nearest_city = (GWeatherLocation *(*)(GWeatherLocation *, double, double))
        dlsym(library, "gweather_location_find_nearest_city");
    functions->get_coords = (void (*)(GWeatherLocation *, double *, double *))dlsym(library, "gweather_location_get_coords");
    functions->get_city_name = (char *(*)(GWeatherLocation *))dlsym(library, "gweather_location_get_city_name");
    functions->get_name = (const char *(*)(GWeatherLocation *))dlsym(library, "gweather_location_get_name");
    functions->get_country_name = (char *(*)(GWeatherLocation *))dlsym(library, "gweather_location_get_country_name");
    return functions->get_world && functions->find_nearest_city && functions->get_coords
        && functions->get_city_name && functions->get_name && functions->get_country_name;
}

#endif
