#include "lbx_array_model.h"

struct _LbxArrayModel {
    GObject parent_instance;
    guint count;
    LbxArrayModelGetItem get_item;
    LbxArrayModelItemFinalized item_finalized;
    gpointer owner;
};

struct _LbxArrayItem {
    GObject parent_instance;
    LbxArrayModel *model;
    guint position;
};

static void lbx_array_model_list_model_init(GListModelInterface *iface);

G_DEFINE_TYPE_WITH_CODE(LbxArrayModel, lbx_array_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, lbx_array_model_list_model_init))
G_DEFINE_TYPE(LbxArrayItem, lbx_array_item, G_TYPE_OBJECT)

static GType lbx_array_model_get_item_type(GListModel *list) {
    (void)list;
    return LBX_TYPE_ARRAY_ITEM;
}

static guint lbx_array_model_get_n_items(GListModel *list) {
    return LBX_ARRAY_MODEL(list)->count;
}

static gpointer lbx_array_model_get_item(GListModel *list, guint position) {
    LbxArrayModel *self = LBX_ARRAY_MODEL(list);
    if (position >= self->count || self->get_item == NULL) return NULL;
    return self->get_item(self->owner, position);
}

static void lbx_array_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = lbx_array_model_get_item_type;
    iface->get_n_items = lbx_array_model_get_n_items;
    iface->get_item = lbx_array_model_get_item;
}

static void lbx_array_model_class_init(LbxArrayModelClass *klass) { (void)klass; }
static void lbx_array_model_init(LbxArrayModel *self) { (void)self; }

LbxArrayModel *lbx_array_model_new(void) {
    return g_object_new(LBX_TYPE_ARRAY_MODEL, NULL);
}

void lbx_array_model_set_owner(LbxArrayModel *self, LbxArrayModelGetItem get_item,
                               LbxArrayModelItemFinalized item_finalized, gpointer owner) {
    self->get_item = get_item;
    self->item_finalized = item_finalized;
    self->owner = owner;
}

void lbx_array_model_splice(LbxArrayModel *self, guint position, guint removed, guint added) {
    g_return_if_fail(position + removed <= self->count);
    self->count = self->count - removed + added;
    if (removed != 0 || added != 0)
        g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}

guint lbx_array_model_get_count(LbxArrayModel *self) { return self->count; }

static void lbx_array_item_finalize(GObject *object) {
    LbxArrayItem *self = LBX_ARRAY_ITEM(object);
    LbxArrayModel *model = self->model;
    if (model->item_finalized != NULL) model->item_finalized(model->owner, self, self->position);
    G_OBJECT_CLASS(lbx_array_item_parent_class)->finalize(object);
    g_object_unref(model);
}

static void lbx_array_item_class_init(LbxArrayItemClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = lbx_array_item_finalize;
}

static void lbx_array_item_init(LbxArrayItem *self) { self->position = LBX_ARRAY_ITEM_DETACHED; }

LbxArrayItem *lbx_array_item_new(LbxArrayModel *model, guint position) {
    LbxArrayItem *self = g_object_new(LBX_TYPE_ARRAY_ITEM, NULL);
    self->model = g_object_ref(model);
    self->position = position;
    return self;
}

guint lbx_array_item_get_position(LbxArrayItem *self) { return self->position; }
void lbx_array_item_set_position(LbxArrayItem *self, guint position) { self->position = position; }

LbxArrayModel *lbx_array_item_get_model(gpointer object) {
    if (object == NULL || !LBX_IS_ARRAY_ITEM(object)) return NULL;
    return LBX_ARRAY_ITEM(object)->model;
}
