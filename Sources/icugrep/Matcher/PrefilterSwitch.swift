import Glibc

extension Configuration {
    /// The environment variable that, set to `1`, turns the prefilter (literals and line
    /// automaton) off, so that tests can compare the prefiltered search with the plain one.
    static let prefilterDisablingVariable = "ICUGREP_NO_PREFILTER"

    /// True when lines are prefiltered: ``usesPrefilter`` is on and the environment does not
    /// turn it off.
    var prefiltersLines: Bool {
        guard usesPrefilter else { return false }
        guard let value = getenv(Self.prefilterDisablingVariable) else { return true }
        return String(cString: value) != "1"
    }
}
