/// The automaton of Aho and Corasick for a set of strings, made deterministic: one state per
/// node of the strings' trie, and for each state and unit class the next state, with the
/// failure links (a node's longest proper suffix that is also a node) resolved into every
/// entry. Units are read through classes: one for each unit that occurs in a string, and
/// class 0 for all the others, so that a row is as wide as the strings' alphabet. The literal
/// searches built on it are ``LiteralAutomatonScanner`` (line selection over bytes),
/// ``LongestLiteralMatcher`` (match positions over a line's units) and
/// ``LiteralOccurrenceScanner`` (every occurrence of every string, for ``RegexPatternSet``).
struct AhoCorasickAutomaton: Sendable {
    /// The class of each unit value.
    let unitClasses: [UInt16]
    /// The number of unit classes: the width of a row.
    let classCount: Int
    /// The next state for each state and class, row by row; state 0 is the start.
    let transitions: [Int32]
    /// For each state, the length (in units) of the longest string that ends where it is
    /// reached: its own string when it is one, else its failure link's; 0 for none. (The
    /// shorter strings that end there start later, and the searches of the longest need not
    /// them.)
    let longestOutput: [Int32]
    /// With `collectsAllOutputs`, for each state the indices of every string that ends where it
    /// is reached (its own and its failure links'); empty otherwise.
    let allOutputs: [[Int32]]

    /// The automaton of `strings`, each a non-empty sequence of unit values below
    /// `unitLimit`; nil when they have `maximumClassCount` distinct units or more (the classes
    /// then do not fit the searches' tables) or the table would hold more than
    /// `maximumTableSize` entries. `collectsAllOutputs` fills ``allOutputs``.
    init?(
        strings: [[Int]], unitLimit: Int, maximumClassCount: Int = 256, maximumTableSize: Int = .max,
        collectsAllOutputs: Bool = false
    ) {
        precondition(maximumClassCount <= 1 << 16, "AhoCorasickAutomaton: classes are 16-bit")
        var classes = [UInt16](repeating: 0, count: unitLimit)
        var classCount = 1
        for string in strings {
            for unit in string where classes[unit] == 0 {
                guard classCount < maximumClassCount else { return nil }
                classes[unit] = UInt16(classCount)
                classCount += 1
            }
        }
        // The trie: `children[node * classCount + class]` is a node, or -1.
        var children = [Int32](repeating: -1, count: classCount)
        var depth: [Int32] = [0]
        var isTerminal = [false]
        var ownStrings: [[Int32]] = collectsAllOutputs ? [[]] : []
        for (index, string) in strings.enumerated() {
            var node = 0
            for unit in string {
                let slot = node * classCount + Int(classes[unit])
                if children[slot] < 0 {
                    children[slot] = Int32(depth.count)
                    depth.append(depth[node] + 1)
                    isTerminal.append(false)
                    if collectsAllOutputs { ownStrings.append([]) }
                    guard depth.count * classCount <= maximumTableSize else { return nil }
                    children.append(contentsOf: repeatElement(-1, count: classCount))
                }
                node = Int(children[slot])
            }
            isTerminal[node] = true
            if collectsAllOutputs { ownStrings[node].append(Int32(index)) }
        }
        let stateCount = depth.count
        // Breadth first, so that a node's failure link, a shorter node, is complete before it.
        var table = [Int32](repeating: 0, count: stateCount * classCount)
        var failure = [Int32](repeating: 0, count: stateCount)
        var longestOutput = [Int32](repeating: 0, count: stateCount)
        var allOutputs = [[Int32]](repeating: [], count: collectsAllOutputs ? stateCount : 0)
        var queue = [0]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            longestOutput[node] = isTerminal[node] ? depth[node] : longestOutput[Int(failure[node])]
            if collectsAllOutputs {
                allOutputs[node] = ownStrings[node] + (node == 0 ? [] : allOutputs[Int(failure[node])])
            }
            for unitClass in 0..<classCount {
                let child = children[node * classCount + unitClass]
                let fallback: Int32 = node == 0 ? 0 : table[Int(failure[node]) * classCount + unitClass]
                if child >= 0 {
                    failure[Int(child)] = fallback
                    table[node * classCount + unitClass] = child
                    queue.append(Int(child))
                } else {
                    table[node * classCount + unitClass] = fallback
                }
            }
        }
        unitClasses = classes
        self.classCount = classCount
        transitions = table
        self.longestOutput = longestOutput
        self.allOutputs = allOutputs
    }

    /// The number of states.
    var stateCount: Int { longestOutput.count }
}
