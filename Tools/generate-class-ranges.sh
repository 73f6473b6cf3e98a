#!/usr/bin/env bash
# Writes Sources/ICURegex/Syntax/ICUClassRanges.swift from the ICU whose development files are
# installed: run it when the ICU the project builds against changes major version (the ranges
# are used only with the version they were asked of; `KnownClassMembersTests` checks them
# against the ICU in use). Needs a C compiler and libicu-dev.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cc -O2 -o "$build/generate-class-ranges" Tools/generate-class-ranges.c $(pkg-config --cflags --libs icu-i18n icu-uc)
"$build/generate-class-ranges" > Sources/ICURegex/Syntax/ICUClassRanges.swift
echo "generate-class-ranges.sh: wrote Sources/ICURegex/Syntax/ICUClassRanges.swift"
