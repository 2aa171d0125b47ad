#ifndef CADW_SHIM_H
#define CADW_SHIM_H

#include <adwaita.h>

#endif
