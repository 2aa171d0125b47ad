#ifndef LBX_ARRAY_MODEL_H
#define LBX_ARRAY_MODEL_H

#include <gio/gio.h>

/* A lazy GListModel whose contents live elsewhere (a Swift array).
 * It stores only the item count. Item objects (LbxArrayItem) are made on demand by
 * the get_item callback and carry their current source position; the owner keeps
 * positions of live items up to date across splices. Items may outlive the owner:
 * the owner clears its callbacks (set_owner with NULLs) when it goes. */

G_BEGIN_DECLS

#define LBX_TYPE_ARRAY_MODEL (lbx_array_model_get_type())
G_DECLARE_FINAL_TYPE(LbxArrayModel, lbx_array_model, LBX, ARRAY_MODEL, GObject)

#define LBX_TYPE_ARRAY_ITEM (lbx_array_item_get_type())
G_DECLARE_FINAL_TYPE(LbxArrayItem, lbx_array_item, LBX, ARRAY_ITEM, GObject)

#define LBX_ARRAY_ITEM_DETACHED 0xFFFFFFFFu

/* Returns a new reference to the item at `position`. */
typedef gpointer (*LbxArrayModelGetItem)(gpointer owner, guint position);
/* Called when a live item of this model is finalized. */
typedef void (*LbxArrayModelItemFinalized)(gpointer owner, gpointer item, guint position);

LbxArrayModel *lbx_array_model_new(void);
/* Connects the owner's callbacks (right after creation); NULLs disconnect them. */
void lbx_array_model_set_owner(LbxArrayModel *self, LbxArrayModelGetItem get_item,
                               LbxArrayModelItemFinalized item_finalized, gpointer owner);
/* Sets the count and emits items-changed (call after the backing array changed). */
void lbx_array_model_splice(LbxArrayModel *self, guint position, guint removed, guint added);
guint lbx_array_model_get_count(LbxArrayModel *self);

/* A new item object for `position` (full reference). */
LbxArrayItem *lbx_array_item_new(LbxArrayModel *model, guint position);
guint lbx_array_item_get_position(LbxArrayItem *self);
void lbx_array_item_set_position(LbxArrayItem *self, guint position);
/* Whether `object` is an LbxArrayItem made by `model`. */
gboolean lbx_array_item_belongs_to(gpointer object, LbxArrayModel *model);
/* Item objects of every model alive now (for leak tests). */
guint lbx_array_item_live_count(void);

G_END_DECLS

#endif
