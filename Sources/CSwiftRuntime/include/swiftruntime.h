// swiftruntime: two entry points of the Swift runtime that Swift code cannot name.
//
// Why C: `swift_retain_n` and `swift_release_n` raise and lower an object's reference count by
// n in one atomic operation. They are part of the Swift runtime's stable ABI (declared in its
// `HeapObject.h`, with C's calling convention) but not of the language, and Swift refuses to
// declare runtime symbols itself (`@_silgen_name` of a reserved name). Declared here with the
// runtime's own signatures, they are called as the C functions they are; the Swift runtime,
// which every Swift program links, defines them.
//
// ICURegexFoundation uses them to retain an expression once for all the results of one results
// array (see `BatchRetainedReferences` in ICURegularExpression.swift).

#ifndef SWIFTRUNTIME_H
#define SWIFTRUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Retains the Swift object `object` `n` times; returns `object`.
void *swift_retain_n(void *object, uint32_t n);

/// Releases the Swift object `object` `n` times, freeing it when no reference remains.
void swift_release_n(void *object, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif
