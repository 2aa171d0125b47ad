import Lightbox

/// The words after a command of the terminal (`--list`, `--duplicates`, `--import-from`): its
/// operands, which of the flags it knows were given, and its options' values (`--into FOLDER`).
/// `--` ends the flags; `-` is an operand.
struct CommandArguments: Equatable {
    var operands: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    /// Splits `arguments` of `command`; a reason when one is a flag or option `command` does not
    /// know, or an option without its value.
    static func split(
        _ arguments: some Sequence<String>, of command: String, knowing known: Set<String> = [], withValues options: Set<String> = []
    ) -> Result<CommandArguments, ListCommand.UsageError> {
        var result = CommandArguments()
        var flagsEnded = false
        var option: String?
        for argument in arguments {
            if let name = option {
                result.values[name] = argument
                option = nil
            } else if flagsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.operands.append(argument)
            } else if argument == "--" {
                flagsEnded = true
            } else if known.contains(argument) {
                result.flags.insert(argument)
            } else if options.contains(argument) {
                option = argument
            } else {
                return .failure(ListCommand.UsageError(reason: String(format: tr("unknown option %@ for %@"), argument, command)))
            }
        }
        if let option { return .failure(ListCommand.UsageError(reason: String(format: tr("%@ needs a value"), option))) }
        return .success(result)
    }
}
