#include "lbx_exiv2_tags.h"

#include <exiv2/exiv2.hpp>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct lbx_tags {
    std::unique_ptr<Exiv2::Image> image;
    std::string mimeType;
};

namespace {

char *copy(const std::string &text) { return strdup(text.c_str()); }

/* An EXIF tag's name as Exiv2's numbers (its IFD and tag); parsing a name searches Exiv2's
   tables by string, so each thread remembers the names it has parsed. */
struct ExifTag {
    bool known;
    int ifd;
    uint16_t tag;
};

ExifTag exifTag(const char *key) {
    thread_local std::map<std::string, ExifTag, std::less<>> parsed;
    auto found = parsed.find(std::string_view(key));
    if (found != parsed.end()) return found->second;
    ExifTag tag{false, 0, 0};
    try {
        Exiv2::ExifKey exifKey(key);
        tag = ExifTag{true, exifKey.ifdId(), exifKey.tag()};
    } catch (...) {
    }
    parsed.emplace(key, tag);
    return tag;
}

/* The first datum of EXIF tag `key` that has a value. */
const Exiv2::Exifdatum *findExif(const lbx_tags *tags, const char *key) {
    ExifTag tag = exifTag(key);
    if (!tag.known) return nullptr;
    for (const auto &datum : tags->image->exifData()) {
        if (datum.tag() == tag.tag && datum.ifdId() == tag.ifd && datum.count() > 0) return &datum;
    }
    return nullptr;
}

bool hasPrefix(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }

char **toArray(const std::vector<std::string> &values) {
    char **array = static_cast<char **>(calloc(values.size() + 1, sizeof(char *)));
    if (array == nullptr) return nullptr;
    for (size_t index = 0; index < values.size(); index++) array[index] = copy(values[index]);
    return array;
}

}  // namespace

extern "C" {

void lbx_tags_initialize(void) {
    static std::once_flag once;
    std::call_once(once, [] {
        Exiv2::LogMsg::setLevel(Exiv2::LogMsg::mute);
        Exiv2::XmpParser::initialize();
    });
}

namespace {

lbx_tags *parsed(Exiv2::Image *opened) {
    std::unique_ptr<Exiv2::Image> image(opened);
    image->readMetadata();
    auto tags = new lbx_tags();
    tags->image = std::move(image);
    tags->mimeType = tags->image->mimeType();
    return tags;
}

}  // namespace

lbx_tags *lbx_tags_open(const char *path, char **error) {
    try {
        return parsed(Exiv2::ImageFactory::open(path).release());
    } catch (const std::exception &failure) {
        if (error != nullptr) *error = strdup(failure.what());
    } catch (...) {
        if (error != nullptr) *error = strdup("Exiv2 could not read the file");
    }
    return nullptr;
}

lbx_tags *lbx_tags_open_bytes(const uint8_t *data, long size) {
    try {
        /* A MemIo over the caller's bytes: Exiv2 reads them in place. */
        return parsed(Exiv2::ImageFactory::open(data, size).release());
    } catch (...) {
        return nullptr;
    }
}

lbx_tags *lbx_tags_open_blocks(const uint8_t *exif, long exif_size, const char *xmp, long xmp_size,
                               const char *mime_type) {
    try {
        std::unique_ptr<Exiv2::Image> image(Exiv2::ImageFactory::create(Exiv2::ImageType::exv).release());
        if (exif != nullptr && exif_size > 0) {
            Exiv2::ExifData data;
            Exiv2::ExifParser::decode(data, exif, static_cast<uint32_t>(exif_size));
            image->setExifData(data);
        }
        if (xmp != nullptr && xmp_size > 0) {
            Exiv2::XmpData data;
            if (Exiv2::XmpParser::decode(data, std::string(xmp, static_cast<size_t>(xmp_size))) == 0) image->setXmpData(data);
        }
        auto tags = new lbx_tags();
        tags->image = std::move(image);
        tags->mimeType = mime_type;
        return tags;
    } catch (...) {
        return nullptr;
    }
}

void lbx_tags_free(lbx_tags *tags) { delete tags; }

const char *lbx_tags_mime_type(const lbx_tags *tags) { return tags->mimeType.c_str(); }
uint32_t lbx_tags_pixel_width(const lbx_tags *tags) { return static_cast<uint32_t>(tags->image->pixelWidth()); }
uint32_t lbx_tags_pixel_height(const lbx_tags *tags) { return static_cast<uint32_t>(tags->image->pixelHeight()); }
bool lbx_tags_has_exif(const lbx_tags *tags) { return !tags->image->exifData().empty(); }
bool lbx_tags_has_xmp(const lbx_tags *tags) { return !tags->image->xmpData().empty(); }
bool lbx_tags_has_iptc(const lbx_tags *tags) { return !tags->image->iptcData().empty(); }

bool lbx_tags_xmp_mentions(const lbx_tags *tags, const char *text) {
    return tags->image->xmpPacket().find(text) != std::string::npos;
}

char *lbx_tags_string(const lbx_tags *tags, const char *key) {
    try {
        if (hasPrefix(key, "Exif.")) {
            const Exiv2::Exifdatum *datum = findExif(tags, key);
            return datum != nullptr ? copy(datum->toString()) : nullptr;
        }
        if (hasPrefix(key, "Xmp.")) {
            const auto &xmp = tags->image->xmpData();
            const Exiv2::XmpKey xmpKey(key);
            for (auto datum = xmp.findKey(xmpKey); datum != xmp.end(); ++datum) {
                if (datum->key() == xmpKey.key() && datum->count() > 0) return copy(datum->toString());
            }
            return nullptr;
        }
        if (hasPrefix(key, "Iptc.")) {
            const auto &iptc = tags->image->iptcData();
            const Exiv2::IptcKey iptcKey(key);
            for (auto datum = iptc.findKey(iptcKey); datum != iptc.end(); ++datum) {
                if (datum->tag() == iptcKey.tag() && datum->record() == iptcKey.record() && datum->count() > 0)
                    return copy(datum->toString());
            }
        }
    } catch (...) {
    }
    return nullptr;
}

char *lbx_tags_text(const lbx_tags *tags, const char *key) {
    try {
        if (hasPrefix(key, "Xmp.")) {
            const auto &xmp = tags->image->xmpData();
            auto datum = xmp.findKey(Exiv2::XmpKey(key));
            if (datum == xmp.end() || datum->count() == 0) return nullptr;
            if (const auto *alternatives = dynamic_cast<const Exiv2::LangAltValue *>(&datum->value())) {
                auto text = alternatives->value_.find("x-default");
                if (text == alternatives->value_.end()) text = alternatives->value_.begin();
                return text == alternatives->value_.end() ? nullptr : copy(text->second);
            }
            return copy(datum->toString());
        }
        if (hasPrefix(key, "Exif.")) {
            const Exiv2::Exifdatum *datum = findExif(tags, key);
            if (datum == nullptr) return nullptr;
            if (const auto *comment = dynamic_cast<const Exiv2::CommentValue *>(&datum->value())) {
                return copy(comment->comment());
            }
            return copy(datum->toString());
        }
    } catch (...) {
        return nullptr;
    }
    return lbx_tags_string(tags, key);
}

char **lbx_tags_strings(const lbx_tags *tags, const char *key) {
    try {
        std::vector<std::string> values;
        if (hasPrefix(key, "Xmp.")) {
            const auto &xmp = tags->image->xmpData();
            const Exiv2::XmpKey xmpKey(key);
            auto datum = xmp.findKey(xmpKey);
            if (datum == xmp.end()) return nullptr;
            if (datum->typeId() == Exiv2::xmpText || datum->typeId() == Exiv2::langAlt) {
                // One text (a language alternative's items are its translations).
                values.push_back(datum->toString());
            } else {
                for (long index = 0; index < datum->count(); index++) values.push_back(datum->toString(index));
            }
        } else if (hasPrefix(key, "Iptc.")) {
            const Exiv2::IptcKey iptcKey(key);
            for (const auto &datum : tags->image->iptcData()) {
                if (datum.tag() == iptcKey.tag() && datum.record() == iptcKey.record() && datum.count() > 0)
                    values.push_back(datum.toString());
            }
            if (values.empty()) return nullptr;
        } else if (const Exiv2::Exifdatum *datum = hasPrefix(key, "Exif.") ? findExif(tags, key) : nullptr) {
            values.push_back(datum->toString());
        } else {
            return nullptr;
        }
        return toArray(values);
    } catch (...) {
    }
    return nullptr;
}

void lbx_tags_free_strings(char **strings) {
    if (strings == nullptr) return;
    for (char **string = strings; *string != nullptr; string++) free(*string);
    free(strings);
}

long lbx_tags_exif_count(const lbx_tags *tags, const char *key) {
    const Exiv2::Exifdatum *datum = findExif(tags, key);
    return datum != nullptr ? datum->count() : 0;
}

bool lbx_tags_exif_rational(const lbx_tags *tags, const char *key, long index, int32_t *numerator,
                            int32_t *denominator) {
    const Exiv2::Exifdatum *datum = findExif(tags, key);
    if (datum == nullptr || index >= datum->count()) return false;
    try {
        Exiv2::Rational value = datum->toRational(index);
        *numerator = value.first;
        *denominator = value.second;
        return true;
    } catch (...) {
        return false;
    }
}

uint8_t *lbx_tags_exif_bytes(const lbx_tags *tags, const char *key, size_t *size) {
    const Exiv2::Exifdatum *datum = findExif(tags, key);
    if (datum == nullptr) return nullptr;
    try {
        long count = datum->size();
        if (count <= 0) return nullptr;
        auto bytes = static_cast<uint8_t *>(malloc(static_cast<size_t>(count)));
        if (bytes == nullptr) return nullptr;
        datum->copy(bytes, Exiv2::bigEndian);
        *size = static_cast<size_t>(count);
        return bytes;
    } catch (...) {
        return nullptr;
    }
}

bool lbx_tags_exif_long(const lbx_tags *tags, const char *key, long *value) {
    const Exiv2::Exifdatum *datum = findExif(tags, key);
    if (datum == nullptr) return false;
    try {
        *value = datum->toLong();
        return true;
    } catch (...) {
        return false;
    }
}

}  // extern "C"
