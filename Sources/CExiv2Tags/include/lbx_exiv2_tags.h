#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reading a photo's tags with libexiv2 directly. gexiv2 (which the app keeps for writing
   and for previews) lists every embedded preview when it opens a file and parses a tag's
   name on every lookup: over a first scan that costs more than Exiv2's own parse. Here a
   file is parsed once, names once per thread, and lookups compare numbers. */

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lbx_tags lbx_tags;

/* Sets up Exiv2 for use from several threads and silences its warnings. Call once, first. */
void lbx_tags_initialize(void);

/* Opens `path` and parses its metadata. NULL when it can't: then *error (when not NULL)
   holds Exiv2's reason, malloc'd. */
lbx_tags *lbx_tags_open(const char *path, char **error);
/* Parses the metadata of a file whose bytes are at `data` (all of them, or its first ones:
   then parsing fails unless they hold every tag). The bytes are not copied: they must
   outlive the result. NULL when it can't parse them. */
lbx_tags *lbx_tags_open_bytes(const uint8_t *data, long size);
/* Tags from blocks a container holds apart from Exiv2's formats (a JPEG XL file's boxes): an
   EXIF block (a TIFF header and its IFDs) and an XMP packet, either NULL; `mime_type` is what
   lbx_tags_mime_type then says. NULL when Exiv2 can't parse the EXIF block. */
lbx_tags *lbx_tags_open_blocks(const uint8_t *exif, long exif_size, const char *xmp, long xmp_size,
                               const char *mime_type);
void lbx_tags_free(lbx_tags *tags);

/* The container as Exiv2 recognised it from the content ("image/jpeg"); "" when unknown. */
const char *lbx_tags_mime_type(const lbx_tags *tags);
/* The image's size as its container states it (0 when it doesn't). */
uint32_t lbx_tags_pixel_width(const lbx_tags *tags);
uint32_t lbx_tags_pixel_height(const lbx_tags *tags);
bool lbx_tags_has_exif(const lbx_tags *tags);
bool lbx_tags_has_xmp(const lbx_tags *tags);
bool lbx_tags_has_iptc(const lbx_tags *tags);

/* Whether the XMP packet the file holds contains `text` (a namespace's name, say), as read:
   no tag is parsed for it, so a rare namespace costs a file without it a search of its bytes. */
bool lbx_tags_xmp_mentions(const lbx_tags *tags, const char *text);
/* The first value-carrying tag named `key` ("Exif.Photo.FNumber", "Xmp.xmp.Rating",
   "Iptc.Application2.Urgency") as text, malloc'd; NULL when absent or the name is unknown. */
char *lbx_tags_string(const lbx_tags *tags, const char *key);
/* Every value of `key`: an XMP array's items, or each repetition of an IPTC dataset, as a
   NULL-terminated malloc'd array of malloc'd strings (free with lbx_tags_free_strings);
   NULL when absent. */
char **lbx_tags_strings(const lbx_tags *tags, const char *key);
void lbx_tags_free_strings(char **strings);
/* A text a person wrote (a title, a caption) in tag `key`, malloc'd; NULL when absent: an XMP
   language alternative's default-language text (else its first), an EXIF comment's text
   without its character set, any other tag as lbx_tags_string gives it. */
char *lbx_tags_text(const lbx_tags *tags, const char *key);
/* The number of values of EXIF tag `key` (0 when absent). */
long lbx_tags_exif_count(const lbx_tags *tags, const char *key);
/* The `index`th value of EXIF tag `key` as a fraction; false when absent. */
bool lbx_tags_exif_rational(const lbx_tags *tags, const char *key, long index,
                            int32_t *numerator, int32_t *denominator);
/* The bytes of EXIF tag `key` (an undefined block: a maker note), malloc'd, their count in
   *size; NULL when absent or empty. */
uint8_t *lbx_tags_exif_bytes(const lbx_tags *tags, const char *key, size_t *size);
/* EXIF tag `key` as an integer; false when absent. */
bool lbx_tags_exif_long(const lbx_tags *tags, const char *key, long *value);

#ifdef __cplusplus
}
#endif
