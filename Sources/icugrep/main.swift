import Glibc

// icugrep's entry point: everything happens in IcugrepCommand, so that tests can reach it.
exit(IcugrepCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProgramEnvironment.current()))
