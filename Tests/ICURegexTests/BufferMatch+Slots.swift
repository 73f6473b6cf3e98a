@testable import ICURegex

extension BufferMatch {
    /// The match's range and its groups' as a backtracker's slots hold them: start and end of
    /// the match, then of each group, -1 for a group that did not take part.
    var slots: [Int] {
        var slots = [range.lowerBound, range.upperBound]
        for group in groupRanges {
            slots += [group?.lowerBound ?? -1, group?.upperBound ?? -1]
        }
        return slots
    }
}
