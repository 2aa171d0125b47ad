import Lightbox

/// The words after a command of the terminal (`--list`, `--duplicates`, `--import-from`): its
/// operands, and which of the flags it knows were given. `--` ends the flags; `-` is an operand.
struct CommandArguments: Equatable {
    var operands: [String] = []
    var flags: Set<String> = []

    /// Splits `arguments` of `command`; a reason when one is a flag `command` does not know.
    static func split(_ arguments: some Sequence<String>, of command: String, knowing known: Set<String> = [])
        -> Result<CommandArguments, ListCommand.UsageError>
    {
        var result = CommandArguments()
        var flagsEnded = false
        for argument in arguments {
            if flagsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.operands.append(argument)
            } else if argument == "--" {
                flagsEnded = true
            } else if known.contains(argument) {
                result.flags.insert(argument)
            } else {
                return .failure(ListCommand.UsageError(reason: String(format: tr("unknown option %@ for %@"), argument, command)))
            }
        }
        return .success(result)
    }
}
