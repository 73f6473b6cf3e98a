import Glibc
import ICURegex

// icugrep's entry point: everything happens in IcugrepCommand, so that tests can reach it.
let invokedName = ProgramIdentity.invokedName(CommandLine.arguments.first)
ProgramIdentity.name = DefaultPatternSyntax.messageName(forInvokedName: invokedName)
let environment = ProgramEnvironment.current(invokedName: invokedName)
// Outside a UTF-8 locale an argument's bytes are kept, whether or not they are UTF-8, for
// the syntaxes that read every byte as a character there (ByteCharacters).
let arguments = environment.localeIsUTF8
    ? Array(CommandLine.arguments.dropFirst())
    : (1..<Int(CommandLine.argc)).map { index in
        ByteCharacters.text(ofBytes: UnsafeRawBufferPointer(
            start: CommandLine.unsafeArgv[index], count: strlen(CommandLine.unsafeArgv[index]!)))
    }
exit(IcugrepCommand.run(arguments: arguments, environment: environment))
