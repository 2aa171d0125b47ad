#include "lbx_bench_models.h"

#define LBX_TYPE_BENCH_ITEM (lbx_bench_item_get_type())
G_DECLARE_FINAL_TYPE(LbxBenchItem, lbx_bench_item, LBX, BENCH_ITEM, GObject)

struct _LbxBenchItem {
    GObject parent_instance;
    guint value;
};

G_DEFINE_TYPE(LbxBenchItem, lbx_bench_item, G_TYPE_OBJECT)
static void lbx_bench_item_class_init(LbxBenchItemClass *klass) { (void)klass; }
static void lbx_bench_item_init(LbxBenchItem *self) { (void)self; }

GObject *lbx_bench_item_new(guint value) {
    LbxBenchItem *item = g_object_new(LBX_TYPE_BENCH_ITEM, NULL);
    item->value = value;
    return G_OBJECT(item);
}

#define LBX_TYPE_BENCH_LAZY_MODEL (lbx_bench_lazy_model_get_type())
G_DECLARE_FINAL_TYPE(LbxBenchLazyModel, lbx_bench_lazy_model, LBX, BENCH_LAZY_MODEL, GObject)

struct _LbxBenchLazyModel {
    GObject parent_instance;
    guint count;
};

static GType lazy_get_item_type(GListModel *list) { (void)list; return LBX_TYPE_BENCH_ITEM; }
static guint lazy_get_n_items(GListModel *list) { return LBX_BENCH_LAZY_MODEL(list)->count; }
static gpointer lazy_get_item(GListModel *list, guint position) {
    if (position >= LBX_BENCH_LAZY_MODEL(list)->count) return NULL;
    return lbx_bench_item_new(position);
}

static void lazy_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = lazy_get_item_type;
    iface->get_n_items = lazy_get_n_items;
    iface->get_item = lazy_get_item;
}

G_DEFINE_TYPE_WITH_CODE(LbxBenchLazyModel, lbx_bench_lazy_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, lazy_list_model_init))
static void lbx_bench_lazy_model_class_init(LbxBenchLazyModelClass *klass) { (void)klass; }
static void lbx_bench_lazy_model_init(LbxBenchLazyModel *self) { (void)self; }

GListModel *lbx_bench_lazy_model_new(guint count) {
    LbxBenchLazyModel *model = g_object_new(LBX_TYPE_BENCH_LAZY_MODEL, NULL);
    model->count = count;
    return G_LIST_MODEL(model);
}

double lbx_bench_list_store_build_seconds(guint count) {
    gint64 start = g_get_monotonic_time();
    GListStore *store = g_list_store_new(LBX_TYPE_BENCH_ITEM);
    for (guint i = 0; i < count; i++) {
        GObject *item = lbx_bench_item_new(i);
        g_list_store_append(store, item);
        g_object_unref(item);
    }
    guint n = g_list_model_get_n_items(G_LIST_MODEL(store));
    double seconds = (double)(g_get_monotonic_time() - start) / G_USEC_PER_SEC;
    g_assert(n == count);
    g_object_unref(store);
    return seconds;
}

double lbx_bench_lazy_pass_seconds(guint count) {
    gint64 start = g_get_monotonic_time();
    GListModel *model = lbx_bench_lazy_model_new(count);
    guint n = g_list_model_get_n_items(model);
    for (guint i = 0; i < n; i++) {
        GObject *item = g_list_model_get_item(model, i);
        g_object_unref(item);
    }
    double seconds = (double)(g_get_monotonic_time() - start) / G_USEC_PER_SEC;
    g_object_unref(model);
    return seconds;
}
