#pragma once

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stddef.h>

/* Videos through FFmpeg's libraries (libavformat reads the container's header, libavcodec
   decodes one frame), opened on the first call: what `lightbox --worker` reads and decodes,
   never the app itself. */

/* Why a video could not be read or decoded (`detail` says more: FFmpeg's message, the codec). */
typedef enum {
    LBX_VIDEO_OK = 0,
    /* libavformat could not open or read the container (`detail`: its message). */
    LBX_VIDEO_UNREADABLE,
    /* The file holds no video stream. */
    LBX_VIDEO_NO_VIDEO,
    /* No decoder for the stream's codec on this machine (`detail`: the codec's name). */
    LBX_VIDEO_NO_DECODER,
    /* The stream did not decode (`detail`: libavcodec's message). */
    LBX_VIDEO_UNDECODABLE,
    /* The frames are larger than allowed (width × height above `max_pixels`). */
    LBX_VIDEO_TOO_LARGE,
    /* Out of memory. */
    LBX_VIDEO_NO_MEMORY,
    /* FFmpeg's libraries could not be opened (`detail`: the loader's message). */
    LBX_VIDEO_NO_LIBRARY,
} lbx_video_status;

typedef struct {
    /* Seconds; negative when the container does not say. */
    double duration;
    /* The coded frame size, before `rotation`. */
    int width;
    int height;
    /* Degrees clockwise a frame is turned to be shown (the stream's display matrix): 0, 90, 180 or 270. */
    int rotation;
    /* Frames per second; 0 when unknown. */
    double frame_rate;
    /* FFmpeg's short name of the video codec ("h264", "hevc"). */
    char codec[32];
    /* Whether an audio stream is there too. */
    int has_audio;
} lbx_video_info;

/* Reads `path`'s container header into `info`, and its tags into `tags`: the container's,
   then the video stream's, as "key\tvalue\n" lines (tabs and line breaks in them made
   spaces), as many whole lines as `tags_size` holds. */
lbx_video_status lbx_video_read(
    const char *path, lbx_video_info *info, char *tags, size_t tags_size, char *detail, size_t detail_size);

/* A frame of `path` that shows what the video is (a keyframe about a third in; another where
   that one is a flat colour, a black fade-in), scaled to fit `fitting`×`fitting` and turned
   upright. */
lbx_video_status lbx_video_frame(
    const char *path, int fitting, long long max_pixels, GdkPixbuf **frame, char *detail, size_t detail_size);
