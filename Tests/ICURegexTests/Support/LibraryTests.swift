import Testing

/// The parent of every suite in this target. It runs its tests one at a time: the memory test
/// measures the whole process's resident memory, the large-input test allocates 4 GB, and the
/// cache tests watch the shared pattern cache, so none of them may have other tests running
/// alongside. (The concurrency test makes its own parallelism.)
@Suite(.serialized) enum LibraryTests {}
