import Glibc

// icugrep's entry point: everything happens in IcugrepCommand, so that tests can reach it.
let invokedName = ProgramIdentity.invokedName(CommandLine.arguments.first)
ProgramIdentity.name = DefaultPatternSyntax.messageName(forInvokedName: invokedName)
let environment = ProgramEnvironment.current(invokedName: invokedName)
// No closure here: top-level code is the main actor's, and a closure in it is isolated to the
// main actor, which links Swift's concurrency runtime and libdispatch into the executable
// (4,000 relocations more for the dynamic loader at every start).
exit(IcugrepCommand.run(arguments: environment.commandLineArguments(), environment: environment))
