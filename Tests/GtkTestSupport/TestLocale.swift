import Foundation

/// The locale tests run in: C.UTF-8 (English messages, the app's English formats) whatever
/// the machine's, unless a test asks for another (`LaunchedApp.start(…, locale: "zh_CN.UTF-8")`).
public enum TestLocale {
    /// The locale of every test that does not ask for one.
    public static let standard = "C.UTF-8"

    /// The variables that put a process in `locale`; `LANGUAGE` (a list that outranks
    /// `LANG` for messages) is removed apart, as it must be unset rather than set.
    public static func environment(_ locale: String) -> [String: String] {
        ["LC_ALL": locale, "LANG": locale]
    }

    /// Asks for another locale for a test process started by a test (`LIGHTBOX_TEST_LOCALE`).
    public static let requestVariable = "LIGHTBOX_TEST_LOCALE"

    /// Runs `test` ("Class/method", a test of this test binary) in a child process in
    /// `locale`, with the variables of `changes` set (or, when nil, removed); returns the
    /// child's exit status (0 when the test passed).
    public static func runInChild(_ test: String, locale: String, changing changes: [String: String?] = [:]) throws -> Int32 {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        environment[requestVariable] = locale
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [test]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Puts this test process in the standard locale (or the one its starter asked for),
    /// before GTK starts (gtk_init calls setlocale with the environment) and before
    /// Foundation first reads it.
    public static func pin() {
        let locale = ProcessInfo.processInfo.environment[requestVariable] ?? standard
        for (name, value) in environment(locale) { setenv(name, value, 1) }
        unsetenv("LANGUAGE")
        setlocale(LC_ALL, "")
    }
}
