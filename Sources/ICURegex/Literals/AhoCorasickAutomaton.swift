/// The automaton of Aho and Corasick for a set of strings, made deterministic: one state per
/// node of the strings' trie, and for each state and unit class the next state, with the
/// failure links (a node's longest proper suffix that is also a node) resolved into every
/// entry. The two literal searches built on it, ``LiteralAutomatonScanner`` (line selection
/// over bytes) and ``LongestLiteralMatcher`` (match positions over a line's units), map their
/// units to classes themselves and lay out the table as their loops want it.
struct AhoCorasickAutomaton: Sendable {
    /// The number of unit classes: the width of a row. Class 0 stands for the units that occur
    /// in no string.
    let classCount: Int
    /// The next state for each state and class, row by row; state 0 is the start.
    let transitions: [Int32]
    /// For each state, the lengths (in units), longest first, of the strings that end where
    /// it is reached: its own string when it is one, then those of its failure link's.
    let outputs: [Range<Int32>]
    /// The lengths that ``outputs`` index.
    let lengths: [Int32]

    /// The automaton of `strings`, each a sequence of classes from 1 to `classCount - 1`.
    init(strings: [[UInt8]], classCount: Int) {
        // The trie: `children[node * classCount + class]` is a node, or -1.
        var children = [Int32](repeating: -1, count: classCount)
        var depth: [Int32] = [0]
        var isTerminal = [false]
        for string in strings {
            var node = 0
            for unitClass in string {
                let slot = node * classCount + Int(unitClass)
                if children[slot] < 0 {
                    children[slot] = Int32(depth.count)
                    depth.append(depth[node] + 1)
                    isTerminal.append(false)
                    children.append(contentsOf: repeatElement(-1, count: classCount))
                }
                node = Int(children[slot])
            }
            isTerminal[node] = true
        }
        let stateCount = depth.count
        // Breadth first, so that a node's failure link, a shorter node, is complete before it.
        var table = [Int32](repeating: 0, count: stateCount * classCount)
        var failure = [Int32](repeating: 0, count: stateCount)
        var outputs = [Range<Int32>](repeating: 0..<0, count: stateCount)
        var lengths: [Int32] = []
        var queue = [0]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let start = Int32(lengths.count)
            if isTerminal[node] { lengths.append(depth[node]) }
            if node != 0 {
                let inherited = outputs[Int(failure[node])]
                lengths.append(contentsOf: lengths[Int(inherited.lowerBound)..<Int(inherited.upperBound)])
            }
            outputs[node] = start..<Int32(lengths.count)
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
        self.classCount = classCount
        transitions = table
        self.outputs = outputs
        self.lengths = lengths
    }

    /// The number of states.
    var stateCount: Int { outputs.count }

    /// The length of the longest string that ends where `state` is reached, or 0.
    func longestOutput(of state: Int) -> Int32 {
        let output = outputs[state]
        return output.isEmpty ? 0 : lengths[Int(output.lowerBound)]
    }
}
