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
            ) + "\n\(AppInfo.name) \(AppInfo.version)\n"
    }
}
