import Glibc

// icugrep's entry point: everything happens in IcugrepCommand, so that tests can reach it.
let invokedName = ProgramIdentity.invokedName(CommandLine.arguments.first)
ProgramIdentity.name = DefaultPatternSyntax.messageName(forInvokedName: invokedName)
exit(IcugrepCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProgramEnvironment.current(invokedName: invokedName)))
