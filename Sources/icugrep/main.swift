import Glibc

// icugrep's entry point: everything happens in IcugrepCommand, so that tests can reach it.
ProgramIdentity.name = ProgramIdentity.invokedName(CommandLine.arguments.first)
exit(IcugrepCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProgramEnvironment.current()))
