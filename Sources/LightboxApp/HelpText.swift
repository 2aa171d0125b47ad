import Lightbox

/// What `lightbox --help` prints.
enum HelpText {
    static let text = """
        usage: lightbox [FOLDER]                     open the photo catalog (on FOLDER)
               lightbox --list [--verify] FOLDER     list FOLDER's photos as JSON, no window
               lightbox --version
               lightbox --help

        --list FOLDER  scan FOLDER into the catalog and print one JSON object per file, in
                       path order, each line as soon as it is ready. A file that can't be
                       read is listed with an "error"; the other files are listed as usual.
        --verify       with --list: decode every file's pixels. "decoded" is true, or false
                       with the decoder's message in "error" (unless the scan already gave
                       one); without --verify it is null (not checked).

        Exit status of --list:
          0  every file was listed without an error
          1  the folder was listed, but at least one file has an error
             (or the listing could not be written out in full)
          2  usage error
          3  the folder or the catalog can't be used; nothing was listed

        \(AppInfo.name) \(AppInfo.version)

        """
}
