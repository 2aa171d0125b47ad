#ifndef LBX_BENCH_MODELS_H
#define LBX_BENCH_MODELS_H

#include <gio/gio.h>

/* The benchmark's reference points, written the way a C programmer would:
 * a minimal lazy GListModel (like gtk4-demo's color list: an item object is made
 * per get_item and holds its position) and a plain item GObject for GListStore. */

GListModel *lbx_bench_lazy_model_new(guint count);
GObject *lbx_bench_item_new(guint value);
GType lbx_bench_item_get_type(void);



/* Timed reference runs (seconds, g_get_monotonic_time). The objects are freed
 * after the clock stops. */
/* Builds a GListStore of `count` item GObjects and reads n_items. */
double lbx_bench_list_store_build_seconds(guint count);
/* Builds the lazy C model and makes one full get_item pass (each item unreffed). */
double lbx_bench_lazy_pass_seconds(guint count);
#endif
