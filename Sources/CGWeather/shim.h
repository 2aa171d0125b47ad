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
    /* The walk over the world's cities (a search by name). */
    GWeatherLocation *(*next_child)(GWeatherLocation *, GWeatherLocation *);    /* takes the child, transfer full */
    int (*get_level)(GWeatherLocation *);
    const char *(*get_english_name)(GWeatherLocation *);
    void (*free)(void *); /* GLib's g_free, as libgweather has it */
} lbx_gweather;

/* GWeatherLocationLevel's city. */
enum { LBX_GWEATHER_LOCATION_CITY = 4 };

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
    functions->next_child = (GWeatherLocation *(*)(GWeatherLocation *, GWeatherLocation *))
        dlsym(library, "gweather_location_next_child");
    functions->get_level = (int (*)(GWeatherLocation *))dlsym(library, "gweather_location_get_level");
    functions->get_english_name = (const char *(*)(GWeatherLocation *))dlsym(library, "gweather_location_get_english_name");
    functions->free = (void (*)(void *))dlsym(library, "g_free");
    return functions->get_world && functions->find_nearest_city && functions->get_coords
        && functions->get_city_name && functions->get_name && functions->get_country_name
        && functions->next_child && functions->get_level && functions->get_english_name && functions->free;
}

/* One city of the walk: its name in the person's language (libgweather's own translations),
 * in English, its country's name in the person's language, and where it is. The strings live
 * only during the call. */
typedef void (*lbx_gweather_city_visitor)(void *context, const char *name, const char *english_name,
                                          const char *country, double latitude, double longitude);

/* Calls `visit` for every city under `location` (regions, countries and their divisions are
 * walked into; a city's weather stations are not). */
static inline void lbx_gweather_each_city(const lbx_gweather *functions, GWeatherLocation *location, void *context,
                                          lbx_gweather_city_visitor visit) {
    GWeatherLocation *child = NULL;
    while ((child = functions->next_child(location, child)) != NULL) {
        if (functions->get_level(child) == LBX_GWEATHER_LOCATION_CITY) {
            double latitude = 0, longitude = 0;
            functions->get_coords(child, &latitude, &longitude);
            char *country = functions->get_country_name(child);
            visit(context, functions->get_name(child), functions->get_english_name(child), country, latitude, longitude);
            functions->free(country);
        } else if (functions->get_level(child) < LBX_GWEATHER_LOCATION_CITY) {
            lbx_gweather_each_city(functions, child, context, visit);
        }
    }
}

#endif
