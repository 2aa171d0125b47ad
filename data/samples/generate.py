#!/usr/bin/env python3
"""Generates Lightbox's sample library: small synthetic landscape "photos" with EXIF/XMP.

Needs ImageMagick `convert` and the `exiv2` command-line tool. Deterministic: running it
again produces the same pictures and tags. Usage: data/samples/generate.py [OUTPUT_DIR]
"""
import os
import random
import subprocess
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

CAMERAS = [
    ("Canon", "Canon EOS R5", "RF24-105mm F4 L IS USM"),
    ("NIKON CORPORATION", "NIKON Z 6", "NIKKOR Z 24-70mm f/4 S"),
    ("FUJIFILM", "X-T3", "XF35mmF1.4 R"),
    ("SONY", "ILCE-7M3", "FE 85mm F1.8"),
    ("Apple", "iPhone 12", "iPhone 12 back dual wide camera 4.2mm f/1.6"),
]
SKIES = [("#5b8fd6", "#f2e3c0"), ("#2d3f73", "#e89a5c"), ("#89b8e8", "#ffffff"), ("#3b2a55", "#f0a070"),
         ("#6fa6c9", "#d9e7ef"), ("#1f3550", "#9fb7c9")]
GROUNDS = [("#3a6b35", "#1d3a1a"), ("#b58a4c", "#5c4020"), ("#2f5f6f", "#102530"), ("#6b6b3a", "#30301a"),
           ("#7a5a8a", "#2a1a35"), ("#c9b27a", "#6a5a30")]
EXPOSURES = ["1/60", "1/125", "1/250", "1/500", "1/1000", "2/1"]
APERTURES = ["14/10", "28/10", "4/1", "56/10", "8/1", "11/1"]


def run(*args):
    subprocess.run(args, check=True)


def picture(index, rng, path, width, height):
    sky = SKIES[index % len(SKIES)]
    ground = GROUNDS[(index * 5) % len(GROUNDS)]
    horizon = height // 2 + rng.randint(-height // 8, height // 8)
    hills = " ".join(f"{x},{horizon + rng.randint(-height // 6, height // 10)}"
                     for x in range(0, width + 1, width // 8))
    sun_x, sun_y, radius = rng.randint(60, width - 60), rng.randint(40, horizon - 40), rng.randint(18, 50)
    trees = " ".join(
        f"-draw \"ellipse {x},{horizon + 30} {rng.randint(10, 25)},{rng.randint(30, 70)} 0,360\""
        for x in sorted(rng.sample(range(20, width - 20), rng.randint(2, 7))))
    run("sh", "-c",
        f"convert -seed {index + 1} -size {width}x{height} gradient:'{sky[0]}'-'{sky[1]}' "
        f"\\( -size {width}x{height - horizon + height // 6} gradient:'{ground[0]}'-'{ground[1]}' \\) "
        f"-geometry +0+{horizon} -composite "
        f"-fill '#fff2b0' -draw 'circle {sun_x},{sun_y} {sun_x + radius},{sun_y}' "
        f"-fill '{ground[1]}' -draw 'polygon 0,{height} {hills} {width},{height}' "
        f"-fill '#203a20' {trees} "
        f"-blur 0x1.2 -attenuate 0.35 +noise Gaussian -quality 80 -strip '{path}'")


def tag(path, commands):
    run("exiv2", "-q", *[arg for command in commands for arg in ("-M", command)], "mo", path)


def main():
    rng = random.Random(42)
    os.makedirs(OUT, exist_ok=True)
    for index in range(26):
        make, model, lens = CAMERAS[index % len(CAMERAS)]
        month = 1 + (index * 7) % 12
        day = 1 + (index * 11) % 28
        stamp = f"2024:{month:02d}:{day:02d} {8 + index % 10:02d}:{(index * 13) % 60:02d}:{(index * 29) % 60:02d}"
        name = f"IMG_{1000 + index}.jpg"
        path = os.path.join(OUT, name)
        # Orientation: 6 on a portrait photo, 8 and 3 on landscape ones; pixels are stored
        # rotated so that viewers that apply the tag show them upright.
        orientation = {4: 6, 9: 8, 15: 3}.get(index, 1)
        portrait = index in (4, 12, 20)
        width, height = (480, 640) if portrait else (640, 480)
        picture(index, rng, path, width, height)
        if orientation != 1:
            rotate = {6: "-90", 8: "90", 3: "180"}[orientation]
            run("convert", path, "-rotate", rotate, "-quality", "80", path)
        commands = [
            f"set Exif.Image.Make Ascii {make}",
            f"set Exif.Image.Model Ascii {model}",
            f"set Exif.Photo.LensModel Ascii {lens}",
            f"set Exif.Photo.ExposureTime Rational {EXPOSURES[index % len(EXPOSURES)]}",
            f"set Exif.Photo.FNumber Rational {APERTURES[index % len(APERTURES)]}",
            f"set Exif.Photo.ISOSpeedRatings Short {[100, 200, 400, 800, 1600][index % 5]}",
            f"set Exif.Photo.FocalLength Rational {[24, 35, 50, 85, 105][index % 5]}/1",
            f"set Exif.Image.Orientation Short {orientation}",
        ]
        if index % 9 == 8:
            commands.append(f"set Exif.Image.DateTime Ascii {stamp}")  # no DateTimeOriginal
        elif index != 25:  # the last one carries no date at all
            commands += [f"set Exif.Photo.DateTimeOriginal Ascii {stamp}", f"set Exif.Image.DateTime Ascii {stamp}"]
        if index % 6 == 1:
            commands.append(f"set Xmp.xmp.Rating XmpText {1 + index % 5}")
        if index == 7:
            commands += [
                "set Exif.GPSInfo.GPSVersionID Byte 2 3 0 0",
                "set Exif.GPSInfo.GPSLatitudeRef Ascii N",
                "set Exif.GPSInfo.GPSLatitude Rational 48/1 51/1 2952/100",
                "set Exif.GPSInfo.GPSLongitudeRef Ascii E",
                "set Exif.GPSInfo.GPSLongitude Rational 2/1 17/1 4020/100",
                "set Exif.GPSInfo.GPSAltitudeRef Byte 0",
                "set Exif.GPSInfo.GPSAltitude Rational 35/1",
            ]
        tag(path, commands)
        size = os.path.getsize(path)
        assert size <= 150_000, f"{name} is {size} bytes"


if __name__ == "__main__":
    main()
