#include "lbx_exiv2_export.h"

#include <exiv2/exiv2.hpp>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

std::vector<std::string> split(const std::string &text, char separator) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) return parts;
        start = end + 1;
    }
}

template <typename Data>
void erasePrefix(Data &data, const std::string &prefix) {
    for (auto datum = data.begin(); datum != data.end();) {
        if (datum->key().compare(0, prefix.size(), prefix) == 0) {
            datum = data.erase(datum);
        } else {
            ++datum;
        }
    }
}

void eraseKey(Exiv2::Image &image, const std::string &key) {
    if (key.rfind("Exif.", 0) == 0) erasePrefix(image.exifData(), key);
    if (key.rfind("Xmp.", 0) == 0) erasePrefix(image.xmpData(), key);
    if (key.rfind("Iptc.", 0) == 0) erasePrefix(image.iptcData(), key);
}

void applyEdit(Exiv2::Image &image, const std::vector<std::string> &edit) {
    if (edit.size() < 2) return;
    const std::string &op = edit[0];
    const std::string &key = edit[1];
    if (op == "erase") {
        eraseKey(image, key);
        return;
    }
    // Every value replaces what was there: an exact key, not a prefix.
    if (key.rfind("Exif.", 0) == 0) {
        Exiv2::ExifKey exifKey(key);
        auto &exif = image.exifData();
        for (auto datum = exif.findKey(exifKey); datum != exif.end(); datum = exif.findKey(exifKey)) exif.erase(datum);
        if (edit.size() > 2) exif[key] = edit[2];
    } else if (key.rfind("Xmp.", 0) == 0) {
        Exiv2::XmpKey xmpKey(key);
        auto &xmp = image.xmpData();
        for (auto datum = xmp.findKey(xmpKey); datum != xmp.end(); datum = xmp.findKey(xmpKey)) xmp.erase(datum);
        if (op == "bag" || op == "alt") {
            if (edit.size() <= 2) return;
            auto value = Exiv2::Value::create(op == "bag" ? Exiv2::xmpBag : Exiv2::langAlt);
            for (size_t index = 2; index < edit.size(); index++) {
                value->read(op == "alt" ? "lang=x-default " + edit[index] : edit[index]);
            }
            xmp.add(xmpKey, value.get());
        } else if (edit.size() > 2) {
            xmp[key] = edit[2];
        }
    } else if (key.rfind("Iptc.", 0) == 0) {
        Exiv2::IptcKey iptcKey(key);
        auto &iptc = image.iptcData();
        for (auto datum = iptc.findKey(iptcKey); datum != iptc.end(); datum = iptc.findKey(iptcKey)) iptc.erase(datum);
        for (size_t index = 2; index < edit.size(); index++) {
            auto value = Exiv2::Value::create(Exiv2::IptcDataSets::dataSetType(iptcKey.tag(), iptcKey.record()));
            value->read(edit[index]);
            iptc.add(iptcKey, value.get());
        }
    }
}

}  // namespace

extern "C" int lbx_export_write_metadata(const uint8_t *jpeg, size_t length, const char *source_path,
                                         const char *edits, const uint8_t *icc, size_t icc_length, uint8_t **out,
                                         size_t *out_length, char **error) {
    try {
        auto image = Exiv2::ImageFactory::open(jpeg, static_cast<long>(length));
        image->readMetadata();
        if (source_path != nullptr) {
            auto source = Exiv2::ImageFactory::open(source_path);
            source->readMetadata();
            Exiv2::ExifData exif = source->exifData();
            // The camera's thumbnail shows the photo before any turn or crop: left out.
            Exiv2::ExifThumb(exif).erase();
            image->setExifData(exif);
            image->setXmpData(source->xmpData());
            image->setIptcData(source->iptcData());
        } else {
            image->clearMetadata();
        }
        if (edits != nullptr && edits[0] != '\0') {
            for (const auto &edit : split(edits, '\x1e')) applyEdit(*image, split(edit, '\x1f'));
        }
        if (icc != nullptr && icc_length > 0) {
            Exiv2::DataBuf profile(icc, static_cast<long>(icc_length));
            image->setIccProfile(profile, false);
        } else {
            image->clearIccProfile();
        }
        image->writeMetadata();
        Exiv2::BasicIo &io = image->io();
        size_t size = static_cast<size_t>(io.size());
        uint8_t *bytes = static_cast<uint8_t *>(malloc(size > 0 ? size : 1));
        if (bytes == nullptr) throw std::bad_alloc();
        io.seek(0, Exiv2::BasicIo::beg);
        if (static_cast<size_t>(io.read(bytes, static_cast<long>(size))) != size) {
            free(bytes);
            throw Exiv2::Error(Exiv2::kerFailedToReadImageData);
        }
        *out = bytes;
        *out_length = size;
        return 0;
    } catch (const std::exception &failure) {
        if (error != nullptr) *error = strdup(failure.what());
    } catch (...) {
        if (error != nullptr) *error = strdup("Exiv2 could not write the metadata");
    }
    return -1;
}
