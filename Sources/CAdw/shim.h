#ifndef CADW_SHIM_H
#define CADW_SHIM_H

/* The app targets libadwaita 1.2 (Debian 12): newer headers (the Flatpak runtime's) do not
 * flag API deprecated after 1.2 that the app keeps on purpose (AdwAboutWindow, see
 * Sources/Lightbox/Window/AboutLightbox.swift), and flag any use of API newer than 1.2. */
#define ADW_VERSION_MIN_REQUIRED ADW_VERSION_1_2
#define ADW_VERSION_MAX_ALLOWED ADW_VERSION_1_2

#include <adwaita.h>

#endif
