#pragma once
#include <stddef.h>
#include <stdint.h>

/* The metadata of an exported JPEG, written with libexiv2 into the encoded file in memory
   (a worker may not write files): the source's EXIF, XMP and IPTC copied over, then the
   caller's edits, and the colour profile set. */

#ifdef __cplusplus
extern "C" {
#endif

/* Writes metadata into the JPEG at `jpeg` (`length` bytes) and returns the new file in
   *out (malloc'd, *out_length bytes). When `source_path` is not NULL, its EXIF, XMP and
   IPTC are copied first (its EXIF thumbnail left out). `edits` then changes them: edits
   separated by 0x1e, each "op\x1fkey\x1fvalue\x1fvalue…" with op one of
     erase  every tag whose key starts with `key` ("Exif.GPSInfo.", "Xmp.exif.GPS");
     set    `key` to the one value (Exiv2's text form: "35/1 40/1 0/1" for a rational);
     bag    an XMP bag of the values; alt: an XMP language alternative, the value as default.
   `icc` (`icc_length` bytes) is embedded as the colour profile, none when NULL.
   Returns 0; -1 with *error (malloc'd) set to Exiv2's reason. */
int lbx_export_write_metadata(const uint8_t *jpeg, size_t length, const char *source_path, const char *edits,
                              const uint8_t *icc, size_t icc_length, uint8_t **out, size_t *out_length,
                              char **error);

#ifdef __cplusplus
}
#endif
