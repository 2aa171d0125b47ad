import Lightbox

/// What `lightbox --help` prints: the usage in the person's language, then the version.
enum HelpText {
    static var text: String {
        // Translators: the output of `lightbox --help`. Keep the options (--list, --verify, --version,
        // --help), FOLDER's and PHOTO's roles and the exit status numbers; align the columns as you see fit.
        tr(
            "usage: lightbox [FOLDER]                     open the photo catalog (on FOLDER)\n       lightbox PHOTO...                     show PHOTOs (their folder is not added)\n       lightbox --list [--verify] FOLDER     list FOLDER's photos as JSON, no window\n       lightbox --version\n       lightbox --help\n\n--list FOLDER  scan FOLDER into the catalog and print one JSON object per file, in\n               path order, each line as soon as it is ready. A file that can't be\n               read is listed with an \"error\"; the other files are listed as usual.\n--verify       with --list: decode every file's pixels. \"decoded\" is true, or false\n               with the decoder's message in \"error\" (unless the scan already gave\n               one); without --verify it is null (not checked).\n\nExit status of --list:\n  0  every file was listed without an error\n  1  the folder was listed, but at least one file has an error\n     (or the listing could not be written out in full)\n  2  usage error\n  3  the folder or the catalog can't be used; nothing was listed\n"
        )
            // Translators: the end of `lightbox --help`'s --list part. Keep "path", \udcXX,
            // surrogateescape and the Python calls as they are.
            + tr(
                "\nIn --list, a path that is not UTF-8 is written with each byte that is not text as \\udcXX\n(Python's surrogateescape: open(json.loads(line)[\"path\"]) opens the file).\n"
            )
            // Translators: the --import-from part of `lightbox --help`. Keep the options (--import-from,
            // --add-folders), shotwell|darktable, PATH, the paths and the exit status numbers.
            + tr(
                "\nusage: lightbox --import-from shotwell|darktable [PATH] [--add-folders]\n\n--import-from  bring the Shotwell or darktable library at PATH (by default the app's\n               own: $XDG_DATA_HOME/shotwell/data/photo.db, $XDG_CONFIG_HOME/darktable/\n               library.db) into the catalog, no window: stars, rejects, titles,\n               captions, keywords, colour labels, and events or film rolls as albums;\n               then print what came across and what did not.\n--add-folders  with --import-from: first add the folders holding its photos outside\n               the library's folders to the library, and scan them.\n\nExit status of --import-from:\n  0  every photo came across\n  1  some photos did not: their files are missing or outside the library's\n     folders, or entries of the database were skipped\n  2  nothing came across: the database or the catalog can't be used, or usage error\n"
            )
            // Translators: the --duplicates part of `lightbox --help`. Keep the option (--duplicates), FOLDER,
            // the JSON keys and values ("kind", "keep", "paths", "exact", "near", "unreadable", "path",
            // "error") and the exit status numbers.
            + tr(
                "\nusage: lightbox --duplicates FOLDER\n\n--duplicates   scan FOLDER into the catalog as --list does, compare its photos'\n               pictures (from their thumbnails, made in the freedesktop cache the\n               window shares) and print one JSON object per group of duplicates:\n               \"kind\" (\"exact\": the same bytes or pixels; \"near\": resized,\n               re-compressed, converted or slightly cropped), \"keep\" (the copy\n               suggested to keep) and \"paths\" (that one first). Then one object per\n               file that could not be compared: \"kind\" \"unreadable\", \"path\", \"error\".\n\nExit status of --duplicates: as --list's (1: at least one file is unreadable).\n"
            )
            // Translators: the --import part of `lightbox --help`. Keep the options (--import, --into,
            // --folders, --names, --delete-from-source), SOURCE, FOLDER, TEMPLATE, the template's
            // letters (YYYY, MM, DD, hh, mm, ss, NAME), the JSON keys and the exit status numbers.
            + tr(
                "\nusage: lightbox --import SOURCE --into FOLDER [--folders TEMPLATE] [--names TEMPLATE]\n                [--delete-from-source]\n\n--import       copy SOURCE's new photos and videos (a card, a camera's or phone's\n               folder, any folder) into FOLDER and the catalog, no window. Each file\n               is copied under a hidden name, flushed to the disk and read back\n               before it takes its name; a name in use gets _1, _2 (nothing is\n               overwritten); a RAW and its JPEG, a Live Photo's still and video and\n               their sidecars keep one name. Files the library has (the same\n               content, whatever their names) are skipped. Progress goes to\n               stderr, then the report to stdout as JSON: \"copied\" and \"skipped\"\n               (each \"source\", \"path\"), \"failed\" (\"source\", \"error\"), \"deleted\",\n               \"stopped\". Run it again after an interruption: it copies the rest.\n--folders      the folders under FOLDER, by the date taken: YYYY/YYYY-MM-DD by\n               default; YYYY, MM, DD, hh, mm and ss are replaced, \"\" is FOLDER.\n--names        the files' names (without extension), as --folders, and NAME the\n               camera's name: YYYYMMDD_hhmmss. By default the camera's names.\n--delete-from-source\n               then delete from SOURCE the files the library holds: each one\n               whose file in the library is found to have the same bytes.\n\nExit status of --import: as --list's (1: at least one file was not copied).\n"
            )
            // Translators: the end of `lightbox --help`'s --import part. Keep --import, --into and SOURCE.
            + tr(
                "\nWithout --into, `lightbox --import SOURCE` opens the window's import for SOURCE: its photos\nby day, the ones the library has marked, where they go, then Import.\n"
            ) + "\n\(AppInfo.name) \(AppInfo.version)\n"
    }
}
