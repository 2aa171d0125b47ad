#include "lbx_array_model.h"

/* What items share with their model: the owner's callbacks. Items hold a plain
 * reference on it rather than on the model, so making and dropping items does not
 * toggle the model's Swift wrapper; the owner clears the callbacks when it goes. */
typedef struct {
    gatomicrefcount ref_count;
    LbxArrayModelGetItem get_item;
    LbxArrayModelItemFinalized item_finalized;
    gpointer owner;
} LbxArrayModelLink;

static LbxArrayModelLink *link_ref(LbxArrayModelLink *link) {
    g_atomic_ref_count_inc(&link->ref_count);
    return link;
}

static void link_unref(LbxArrayModelLink *link) {
    if (g_atomic_ref_count_dec(&link->ref_count)) g_free(link);
}

struct _LbxArrayModel {
    GObject parent_instance;
    guint count;
    LbxArrayModelLink *link;
};

struct _LbxArrayItem {
    GObject parent_instance;
    LbxArrayModelLink *link;
    guint position;
};

static gint live_items = 0;

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
    if (position >= self->count || self->link->get_item == NULL) return NULL;
    return self->link->get_item(self->link->owner, position);
}

static void lbx_array_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = lbx_array_model_get_item_type;
    iface->get_n_items = lbx_array_model_get_n_items;
    iface->get_item = lbx_array_model_get_item;
}

static void lbx_array_model_finalize(GObject *object) {
    link_unref(LBX_ARRAY_MODEL(object)->link);
    G_OBJECT_CLASS(lbx_array_model_parent_class)->finalize(object);
}

static void lbx_array_model_class_init(LbxArrayModelClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = lbx_array_model_finalize;
}

static void lbx_array_model_init(LbxArrayModel *self) {
    self->link = g_new0(LbxArrayModelLink, 1);
    g_atomic_ref_count_init(&self->link->ref_count);
}

LbxArrayModel *lbx_array_model_new(void) {
    return g_object_new(LBX_TYPE_ARRAY_MODEL, NULL);
}

void lbx_array_model_set_owner(LbxArrayModel *self, LbxArrayModelGetItem get_item,
                               LbxArrayModelItemFinalized item_finalized, gpointer owner) {
    self->link->get_item = get_item;
    self->link->item_finalized = item_finalized;
    self->link->owner = owner;
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
    LbxArrayModelLink *link = self->link;
    if (link->item_finalized != NULL) link->item_finalized(link->owner, self, self->position);
    g_atomic_int_add(&live_items, -1);
    G_OBJECT_CLASS(lbx_array_item_parent_class)->finalize(object);
    link_unref(link);
}

static void lbx_array_item_class_init(LbxArrayItemClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = lbx_array_item_finalize;
}

static void lbx_array_item_init(LbxArrayItem *self) { self->position = LBX_ARRAY_ITEM_DETACHED; }

LbxArrayItem *lbx_array_item_new(LbxArrayModel *model, guint position) {
    LbxArrayItem *self = g_object_new(LBX_TYPE_ARRAY_ITEM, NULL);
    self->link = link_ref(model->link);
    self->position = position;
    g_atomic_int_inc(&live_items);
    return self;
}

guint lbx_array_item_get_position(LbxArrayItem *self) { return self->position; }
void lbx_array_item_set_position(LbxArrayItem *self, guint position) { self->position = position; }

gboolean lbx_array_item_belongs_to(gpointer object, LbxArrayModel *model) {
    return object != NULL && LBX_IS_ARRAY_ITEM(object) && LBX_ARRAY_ITEM(object)->link == model->link;
}

guint lbx_array_item_live_count(void) { return (guint)g_atomic_int_get(&live_items); }
