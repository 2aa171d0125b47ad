#include "lbx_video.h"

#include <dlfcn.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* FFmpeg's libraries are opened on the first video, not linked: with their codecs' libraries
   they are sixty shared objects, which every launch of the app would otherwise map (ten
   megabytes more resident) for the worker processes that read videos. The versions are the
   headers' (their structures' layout is theirs). */
#define LBX_SONAME(name, major) "lib" name ".so." AV_STRINGIFY(major)
#define LBX_FUNCTIONS(X)                                                                            \
    X(format, avformat_open_input) X(format, avformat_find_stream_info) X(format, av_find_best_stream) \
    X(format, avformat_close_input) X(format, av_read_frame) X(format, av_seek_frame)                \
    X(codec, avcodec_get_name) X(codec, avcodec_find_decoder) X(codec, avcodec_alloc_context3)      \
    X(codec, avcodec_parameters_to_context) X(codec, avcodec_open2) X(codec, avcodec_free_context)  \
    X(codec, avcodec_flush_buffers) X(codec, avcodec_send_packet) X(codec, avcodec_receive_frame)   \
    X(codec, av_packet_alloc) X(codec, av_packet_free) X(codec, av_packet_unref)                    \
    X(format, av_stream_get_side_data) X(util, av_dict_set) X(util, av_dict_free) X(util, av_dict_get) \
    X(util, av_strerror) X(util, av_display_rotation_get) X(util, av_frame_alloc)                   \
    X(util, av_frame_free) X(util, av_frame_unref) X(scale, sws_getContext) X(scale, sws_scale)     \
    X(scale, sws_freeContext)

#define LBX_POINTER(library, name) __typeof__(&name) name;
static struct {
    LBX_FUNCTIONS(LBX_POINTER)
} ff;
static pthread_once_t ff_once = PTHREAD_ONCE_INIT;
static char ff_error[256];

static void open_libraries(void) {
    void *util = dlopen(LBX_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    void *codec = util ? dlopen(LBX_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    void *format = codec ? dlopen(LBX_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    void *scale = format ? dlopen(LBX_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!scale) {
        const char *why = dlerror();
        snprintf(ff_error, sizeof ff_error, "%s", why ? why : "FFmpeg's libraries could not be opened");
        return;
    }
#define LBX_LOAD(library, name)                                                 \
    *(void **)&ff.name = dlsym(library, #name);                                 \
    if (!ff.name) {                                                             \
        snprintf(ff_error, sizeof ff_error, "%s has no %s", "lib" #library, #name); \
        return;                                                                 \
    }
    LBX_FUNCTIONS(LBX_LOAD)
}

/* Whether the libraries are open (`detail` says why not). */
static int libraries_open(char *detail, size_t size) {
    pthread_once(&ff_once, open_libraries);
    if (ff_error[0]) {
        if (detail && size > 0) snprintf(detail, size, "%s", ff_error);
        return 0;
    }
    return 1;
}

/* The containers of the video extensions the library lists: a file is never handed to
   another demuxer (a playlist or concat script that would open other files). */
static const char *const allowed_formats = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts";
/* Packets read looking for one keyframe after a seek before giving up on that position. */
enum { max_packets_per_try = 3000 };
/* Below this spread of brightness (0…255) a frame is one flat colour: a fade from black. */
static const double flat_frame_spread = 12.0;

static void set_detail(char *detail, size_t size, const char *text) {
    if (detail && size > 0) snprintf(detail, size, "%s", text ? text : "");
}

static void set_av_error(char *detail, size_t size, int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {0};
    ff.av_strerror(code, text, sizeof text);
    set_detail(detail, size, text);
}

/* Opens `path` with its streams' parameters known; `*index` is its best video stream. */
static lbx_video_status open_video(const char *path, AVFormatContext **out, int *index, char *detail, size_t size) {
    if (!libraries_open(detail, size)) return LBX_VIDEO_NO_LIBRARY;
    AVFormatContext *format = NULL;
    AVDictionary *options = NULL;
    ff.av_dict_set(&options, "format_whitelist", allowed_formats, 0);
    ff.av_dict_set(&options, "protocol_whitelist", "file", 0);
    int code = ff.avformat_open_input(&format, path, NULL, &options);
    ff.av_dict_free(&options);
    if (code < 0) {
        set_av_error(detail, size, code);
        return LBX_VIDEO_UNREADABLE;
    }
    int found = ff.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    /* MP4, MOV and Matroska say everything in their header; a transport stream (MTS) is
       probed, a few of its packets read. */
    if (found < 0 || format->streams[found]->codecpar->width <= 0 || format->duration == AV_NOPTS_VALUE) {
        code = ff.avformat_find_stream_info(format, NULL);
        if (code < 0) {
            set_av_error(detail, size, code);
            ff.avformat_close_input(&format);
            return LBX_VIDEO_UNREADABLE;
        }
        found = ff.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    }
    if (found < 0 || format->streams[found]->codecpar->width <= 0 || format->streams[found]->codecpar->height <= 0) {
        ff.avformat_close_input(&format);
        return LBX_VIDEO_NO_VIDEO;
    }
    *out = format;
    *index = found;
    return LBX_VIDEO_OK;
}

static int rotation_of(AVStream *stream) {
    const uint8_t *matrix = ff.av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, NULL);
    if (!matrix) return 0;
    double counterclockwise = ff.av_display_rotation_get((const int32_t *)matrix);
    if (isnan(counterclockwise)) return 0;
    int clockwise = (int)lround(-counterclockwise) % 360;
    if (clockwise < 0) clockwise += 360;
    /* Quarter turns only: anything else is shown as it is stored. */
    return clockwise % 90 == 0 ? clockwise : 0;
}

/* Appends `text` to `tags` (at `*used`), tabs and line breaks made spaces; false when full. */
static int append_text(char *tags, size_t size, size_t *used, const char *text) {
    for (; *text; text++) {
        if (*used + 1 >= size) return 0;
        tags[(*used)++] = *text == '\t' || *text == '\n' || *text == '\r' ? ' ' : *text;
    }
    return 1;
}

static void append_tags(char *tags, size_t size, AVDictionary *dictionary) {
    const AVDictionaryEntry *entry = NULL;
    size_t used = strlen(tags);
    while ((entry = ff.av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX))) {
        size_t line = used;
        int fits = append_text(tags, size, &used, entry->key) && used + 1 < size;
        if (fits) tags[used++] = '\t';
        if (!fits || !append_text(tags, size, &used, entry->value) || used + 1 >= size) {
            /* No half lines. */
            tags[line] = 0;
            return;
        }
        tags[used++] = '\n';
        tags[used] = 0;
    }
}

lbx_video_status lbx_video_read(
    const char *path, lbx_video_info *info, char *tags, size_t tags_size, char *detail, size_t detail_size) {
    memset(info, 0, sizeof *info);
    if (tags_size > 0) tags[0] = 0;
    AVFormatContext *format = NULL;
    int index = 0;
    lbx_video_status status = open_video(path, &format, &index, detail, detail_size);
    if (status != LBX_VIDEO_OK) return status;
    AVStream *stream = format->streams[index];
    info->width = stream->codecpar->width;
    info->height = stream->codecpar->height;
    info->rotation = rotation_of(stream);
    if (format->duration != AV_NOPTS_VALUE && format->duration > 0) {
        info->duration = (double)format->duration / AV_TIME_BASE;
    } else if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        info->duration = (double)stream->duration * av_q2d(stream->time_base);
    } else {
        info->duration = -1;
    }
    AVRational rate = stream->avg_frame_rate.num > 0 && stream->avg_frame_rate.den > 0 ? stream->avg_frame_rate : stream->r_frame_rate;
    info->frame_rate = rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0;
    snprintf(info->codec, sizeof info->codec, "%s", ff.avcodec_get_name(stream->codecpar->codec_id));
    info->has_audio = ff.av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, NULL, 0) >= 0;
    if (tags_size > 0) {
        append_tags(tags, tags_size, format->metadata);
        append_tags(tags, tags_size, stream->metadata);
    }
    ff.avformat_close_input(&format);
    return LBX_VIDEO_OK;
}

/* Reads packets of `index` from where the file stands into `decoder` until its first keyframe,
   then drains the decoder: a decoder that reorders frames would otherwise hold that frame back
   until the next keyframe came (a second one decoded, a second later in the file). */
static int decode_one(AVFormatContext *format, AVCodecContext *decoder, int index, AVPacket *packet, AVFrame *frame) {
    for (int read = 0; read < max_packets_per_try; read++) {
        int code = ff.av_read_frame(format, packet);
        if (code < 0) break;
        int is_key = packet->stream_index == index && (packet->flags & AV_PKT_FLAG_KEY);
        if (is_key) code = ff.avcodec_send_packet(decoder, packet);
        ff.av_packet_unref(packet);
        if (is_key) {
            if (code < 0) return code;
            break;
        }
    }
    ff.avcodec_send_packet(decoder, NULL);
    return ff.avcodec_receive_frame(decoder, frame);
}

/* Decodes the frames from where the file stands in order (not keyframes only), looking at every
   `forward_look_every`th, up to `max_forward_frames`, while `*best_spread` says the best frame
   so far is flat: a video whose only keyframe is its first (a screen recording, a clip cut
   without encoding it again) shows black there, and the picture only in the frames after it. */
static const int max_forward_frames = 240;
static const int forward_look_every = 10;

static double spread_of(GdkPixbuf *image);
static GdkPixbuf *scaled(AVFrame *frame, int fitting);

static int decode_forward(AVFormatContext *format, AVCodecContext *decoder, int index, AVPacket *packet, AVFrame *frame,
                          int fitting, GdkPixbuf **best, double *best_spread) {
    decoder->skip_frame = AVDISCARD_DEFAULT;
    /* Frames that refer to others: blocks left unfiltered would add up from one to the next. */
    decoder->skip_loop_filter = AVDISCARD_DEFAULT;
    int decoded = 0;
    for (int read = 0; read < max_packets_per_try && decoded < max_forward_frames; read++) {
        if (ff.av_read_frame(format, packet) < 0) break;
        int code = packet->stream_index == index ? ff.avcodec_send_packet(decoder, packet) : 0;
        ff.av_packet_unref(packet);
        if (code < 0) continue;
        while (ff.avcodec_receive_frame(decoder, frame) >= 0) {
            decoded++;
            if (decoded % forward_look_every == 0) {
                GdkPixbuf *image = scaled(frame, fitting);
                if (!image) {
                    ff.av_frame_unref(frame);
                    return AVERROR(ENOMEM);
                }
                double spread = spread_of(image);
                if (spread > *best_spread) {
                    if (*best) g_object_unref(*best);
                    *best = image;
                    *best_spread = spread;
                } else {
                    g_object_unref(image);
                }
            }
            ff.av_frame_unref(frame);
            if (*best_spread >= flat_frame_spread) return 0;
        }
    }
    return 0;
}

/* How much brightness varies over `image` (its standard deviation, 0…255). */
static double spread_of(GdkPixbuf *image) {
    int width = gdk_pixbuf_get_width(image), height = gdk_pixbuf_get_height(image);
    int stride = gdk_pixbuf_get_rowstride(image), channels = gdk_pixbuf_get_n_channels(image);
    const guint8 *pixels = gdk_pixbuf_read_pixels(image);
    double sum = 0, squares = 0;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            const guint8 *p = pixels + (size_t)y * stride + (size_t)x * channels;
            double value = (p[0] + p[1] + p[2]) / 3.0;
            sum += value;
            squares += value * value;
        }
    }
    double count = (double)width * height;
    double mean = sum / count;
    return sqrt(fmax(0, squares / count - mean * mean));
}

/* `frame` scaled to fit `fitting` (its pixels' aspect ratio applied), as RGB. */
static GdkPixbuf *scaled(AVFrame *frame, int fitting) {
    double width = frame->width, height = frame->height;
    AVRational aspect = frame->sample_aspect_ratio;
    if (aspect.num > 0 && aspect.den > 0) width *= av_q2d(aspect);
    double scale = fmin(1.0, fitting / fmax(width, height));
    int target_width = (int)fmax(1, lround(width * scale)), target_height = (int)fmax(1, lround(height * scale));
    GdkPixbuf *image = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, target_width, target_height);
    if (!image) return NULL;
    struct SwsContext *scaler = ff.sws_getContext(
        frame->width, frame->height, frame->format, target_width, target_height, AV_PIX_FMT_RGB24, SWS_AREA, NULL, NULL, NULL);
    if (!scaler) {
        g_object_unref(image);
        return NULL;
    }
    uint8_t *planes[4] = {gdk_pixbuf_get_pixels(image), NULL, NULL, NULL};
    int strides[4] = {gdk_pixbuf_get_rowstride(image), 0, 0, 0};
    ff.sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
    ff.sws_freeContext(scaler);
    return image;
}

lbx_video_status lbx_video_frame(
    const char *path, int fitting, long long max_pixels, GdkPixbuf **result, char *detail, size_t detail_size) {
    *result = NULL;
    AVFormatContext *format = NULL;
    int index = 0;
    lbx_video_status status = open_video(path, &format, &index, detail, detail_size);
    if (status != LBX_VIDEO_OK) return status;
    AVStream *stream = format->streams[index];
    AVCodecParameters *parameters = stream->codecpar;
    if ((long long)parameters->width * parameters->height > max_pixels) {
        ff.avformat_close_input(&format);
        return LBX_VIDEO_TOO_LARGE;
    }
    const AVCodec *codec = ff.avcodec_find_decoder(parameters->codec_id);
    if (!codec) {
        set_detail(detail, detail_size, ff.avcodec_get_name(parameters->codec_id));
        ff.avformat_close_input(&format);
        return LBX_VIDEO_NO_DECODER;
    }
    AVCodecContext *decoder = ff.avcodec_alloc_context3(codec);
    AVPacket *packet = ff.av_packet_alloc();
    AVFrame *frame = ff.av_frame_alloc();
    GdkPixbuf *best = NULL;
    double best_spread = -1;
    int code = decoder && packet && frame ? ff.avcodec_parameters_to_context(decoder, parameters) : AVERROR(ENOMEM);
    if (code >= 0) {
        /* Keyframes only: a seek lands on one, and nothing before it is decoded to reach it. */
        decoder->skip_frame = AVDISCARD_NONKEY;
        /* Nor the deblocking filter: its smoothing of block edges is lost in a frame scaled down
           to a thumbnail, and a 4K HEVC keyframe decodes about a tenth faster without it. */
        decoder->skip_loop_filter = AVDISCARD_ALL;
        decoder->thread_count = 1;
        code = ff.avcodec_open2(decoder, codec, NULL);
    }
    if (code >= 0) {
        int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
        double seconds = format->duration != AV_NOPTS_VALUE ? (double)format->duration / AV_TIME_BASE : 0;
        /* About a third in, where a clip is under way; then earlier, later, and the start. */
        static const double places[] = {1.0 / 3, 1.0 / 10, 2.0 / 3, 0};
        for (size_t i = 0; i < sizeof places / sizeof *places; i++) {
            if (seconds <= 0 && places[i] > 0) continue;
            int64_t target = start + (int64_t)(places[i] * seconds / av_q2d(stream->time_base));
            if (ff.av_seek_frame(format, index, target, AVSEEK_FLAG_BACKWARD) < 0) continue;
            ff.avcodec_flush_buffers(decoder);
            code = decode_one(format, decoder, index, packet, frame);
            if (code < 0) continue;
            GdkPixbuf *image = scaled(frame, fitting);
            ff.av_frame_unref(frame);
            if (!image) {
                code = AVERROR(ENOMEM);
                break;
            }
            double spread = spread_of(image);
            if (spread > best_spread) {
                if (best) g_object_unref(best);
                best = image;
                best_spread = spread;
            } else {
                g_object_unref(image);
            }
            if (best_spread >= flat_frame_spread) break;
        }
        if (code != AVERROR(ENOMEM) && best_spread < flat_frame_spread && ff.av_seek_frame(format, index, start, AVSEEK_FLAG_BACKWARD) >= 0) {
            ff.avcodec_flush_buffers(decoder);
            int forward = decode_forward(format, decoder, index, packet, frame, fitting, &best, &best_spread);
            if (forward < 0) code = forward;
        }
    }
    int rotation = rotation_of(stream);
    ff.av_frame_free(&frame);
    ff.av_packet_free(&packet);
    ff.avcodec_free_context(&decoder);
    ff.avformat_close_input(&format);
    if (!best) {
        if (code == AVERROR(ENOMEM)) return LBX_VIDEO_NO_MEMORY;
        set_av_error(detail, detail_size, code < 0 ? code : AVERROR_INVALIDDATA);
        return LBX_VIDEO_UNDECODABLE;
    }
    if (rotation != 0) {
        GdkPixbufRotation turn = rotation == 90 ? GDK_PIXBUF_ROTATE_CLOCKWISE
            : rotation == 180                   ? GDK_PIXBUF_ROTATE_UPSIDEDOWN
                                                : GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE;
        GdkPixbuf *upright = gdk_pixbuf_rotate_simple(best, turn);
        g_object_unref(best);
        if (!upright) return LBX_VIDEO_NO_MEMORY;
        best = upright;
    }
    *result = best;
    return LBX_VIDEO_OK;
}
