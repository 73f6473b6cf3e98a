/// A Boolean query over patterns (`--and`, `--not`, `--bool`): which lines, or files, are
/// selected, as a combination of whether each of its terms matches.
///
/// The query is a tree kept as an array of nodes, each node's children before it, and the
/// root last; a term is the index of a pattern in ``Configuration/patterns``. The parser
/// bounds its depth (``BooleanQueryParser/maximumDepth``), so evaluating it recursively is
/// bounded too.
struct BooleanQuery: Sendable, Equatable {
    /// One node of the tree.
    enum Node: Sendable, Equatable {
        /// Whether the pattern with this index matches.
        case term(Int)
        /// The negation of the node with this index.
        case not(Int)
        /// True when every node with these indices is (true when there is none).
        case and([Int])
        /// True when any node with these indices is (false when there is none).
        case or([Int])
    }

    /// The nodes, each after its children.
    private(set) var nodes: [Node] = []

    /// The index of the root: the last node.
    var root: Int { nodes.count - 1 }

    /// Appends `node`, whose children must already be nodes, and returns its index.
    @discardableResult
    mutating func append(_ node: Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// Appends the nodes of `other`, its terms shifted by `termOffset`, and returns the index
    /// of its root.
    mutating func append(_ other: BooleanQuery, termOffset: Int) -> Int {
        let nodeOffset = nodes.count
        for node in other.nodes {
            switch node {
            case .term(let term): nodes.append(.term(term + termOffset))
            case .not(let child): nodes.append(.not(child + nodeOffset))
            case .and(let children): nodes.append(.and(children.map { $0 + nodeOffset }))
            case .or(let children): nodes.append(.or(children.map { $0 + nodeOffset }))
            }
        }
        return nodes.count - 1
    }

    /// The value of the query, given the value of each term, which `term` is asked for only
    /// when the value of the query still depends on it (left to right, as written). A term
    /// that throws ends the evaluation with its error.
    func holds<Failure: Error>(_ term: (Int) throws(Failure) -> Bool) throws(Failure) -> Bool {
        try holds(node: root, term)
    }

    private func holds<Failure: Error>(node index: Int, _ term: (Int) throws(Failure) -> Bool) throws(Failure) -> Bool {
        switch nodes[index] {
        case .term(let pattern):
            return try term(pattern)
        case .not(let child):
            return try !holds(node: child, term)
        case .and(let children):
            for child in children where try !holds(node: child, term) { return false }
            return true
        case .or(let children):
            for child in children where try holds(node: child, term) { return true }
            return false
        }
    }

    /// The value of the query when no term matches: the verdict of a line (or file) that
    /// holds none of the terms.
    var holdsWithoutTerms: Bool { holds { (_: Int) -> Bool in false } }

    /// Whether each term occurs under an even number of negations: a positive term, whose
    /// matches are the ones shown (`-o`, `--color`). Indexed by term, `termCount` long.
    func positiveTerms(termCount: Int) -> [Bool] {
        var positive = Array(repeating: false, count: termCount)
        // Walk from the root down, each node's parity known before its children's.
        var negated = Array(repeating: false, count: nodes.count)
        var reached = Array(repeating: false, count: nodes.count)
        guard !nodes.isEmpty else { return positive }
        reached[root] = true
        for index in nodes.indices.reversed() where reached[index] {
            switch nodes[index] {
            case .term(let term):
                if !negated[index] && term < termCount { positive[term] = true }
            case .not(let child):
                reached[child] = true
                negated[child] = !negated[index]
            case .and(let children), .or(let children):
                for child in children {
                    reached[child] = true
                    negated[child] = negated[index]
                }
            }
        }
        return positive
    }

    /// Terms one of which every line (or file) the query holds on contains, so that a line
    /// holding none of them is known not to be selected: nil when there are no such terms (a
    /// negation, or the query holds without any term). Of an AND, the terms of the child whose
    /// commonest term is least common (by `commonness`, higher being commoner; then the child
    /// with fewer terms) are taken; of an OR, the terms of all its children.
    func requiredTerms(commonness: (Int) -> Int) -> [Int]? {
        var required: [(terms: [Int], commonness: Int)?] = []
        required.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .term(let term):
                required.append(([term], commonness(term)))
            case .not:
                required.append(nil)
            case .and(let children):
                let candidates = children.compactMap { required[$0] }
                required.append(candidates.min { ($0.commonness, $0.terms.count) < ($1.commonness, $1.terms.count) })
            case .or(let children):
                if children.isEmpty {
                    required.append(([], Int.min))  // Never holds: no line needs to be asked.
                } else if children.allSatisfy({ required[$0] != nil }) {
                    var union: [Int] = []
                    var commonest = Int.min
                    for child in children {
                        union += required[child]!.terms
                        commonest = max(commonest, required[child]!.commonness)
                    }
                    required.append((union, commonest))
                } else {
                    required.append(nil)
                }
            }
        }
        guard let terms = required.last??.terms else { return nil }
        var seen = Set<Int>()
        return terms.filter { seen.insert($0).inserted }
    }
}
