/// Where two lists of matches first differ, for a failure's message: the index, then the
/// element found against the one expected; "none" when one list is the start of the other.
public func firstDifference<Element: Equatable>(_ found: [Element], _ expected: [Element]) -> String {
    guard let index = found.indices.first(where: { $0 < expected.count && found[$0] != expected[$0] }) else {
        return "none"
    }
    return "\(index): \(found[index]) against \(expected[index])"
}
