#!/bin/sh
# Runs swift-corelibs-foundation's own tests of NSRegularExpression and NSTextCheckingResult
# against ICURegularExpression.
#
# usage: Tools/run-foundation-regex-tests.sh FOUNDATION [swift test options...]
#
# FOUNDATION is a checkout of swift-corelibs-foundation (a work tree, or a bare git directory,
# whose HEAD is read), or its Tests/Foundation folder. Nothing of it enters this repository:
# the script copies, into a temporary package that depends on this one by path,
#   - TestNSRegularExpression.swift and TestNSTextCheckingResult.swift, the tests;
#   - FixtureValues.swift and Utilities.swift, the helpers the second one uses, and the three
#     NSTextCheckingResult archives among its fixtures (made by macOS 10.14);
# with each expression made by the drop-in instead: `NSRegularExpression(` becomes
# `ICURegularExpression(`, and `NSRegularExpression.escapedPattern`/`escapedTemplate` the
# drop-in's. One more rewrite follows from ICURegularExpression not being a subclass of
# NSRegularExpression (no class outside Foundation can be one on Linux): test_NSCoding casts
# the unarchived object `as! NSRegularExpression`, and an archived drop-in unarchives as a
# drop-in, so the cast names ICURegularExpression. The fixtures' other values are Foundation's
# own and are left alone.
#
# The temporary package is kept in $FOUNDATION_TESTS_DIR when that is set (to rebuild faster),
# in a new temporary folder otherwise.
#
# Result, 2026-11-29 (swift-corelibs-foundation 761b621da of 2026-08-20, Swift 6.3.1, Debian
# 12): 14 of 14 pass, TestNSRegularExpression's 9 and TestNSTextCheckingResult's 5.
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 FOUNDATION [swift test options...]" >&2
    exit 2
fi
foundation=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
package=${FOUNDATION_TESTS_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/foundation-regex-tests.XXXXXX")}
mkdir -p "$package"
tests="$package/Tests/FoundationRegexTests"
rm -rf "$tests"
mkdir -p "$tests/Resources/Fixtures/macOS-10.14"

# The source folder: Tests/Foundation of a work tree, or of a bare repository's HEAD.
if [ -f "$foundation/TestNSRegularExpression.swift" ]; then
    source=$foundation
elif [ -d "$foundation/Tests/Foundation" ]; then
    source=$foundation/Tests/Foundation
elif git --git-dir="$foundation" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    mkdir -p "$package/foundation"
    git --git-dir="$foundation" archive HEAD Tests/Foundation | tar -x -C "$package/foundation"
    source=$package/foundation/Tests/Foundation
else
    echo "$0: $foundation is not a swift-corelibs-foundation checkout or its Tests/Foundation" >&2
    exit 2
fi

for file in TestNSRegularExpression.swift TestNSTextCheckingResult.swift FixtureValues.swift Utilities.swift; do
    if [ ! -f "$source/$file" ]; then
        echo "$0: $source/$file is missing" >&2
        exit 2
    fi
    {
        printf 'import Foundation\nimport XCTest\nimport ICURegexFoundation\n\n'
        sed -e 's/NSRegularExpression(/ICURegularExpression(/g' \
            -e 's/NSRegularExpression\.escapedPattern/ICURegularExpression.escapedPattern/g' \
            -e 's/NSRegularExpression\.escapedTemplate/ICURegularExpression.escapedTemplate/g' \
            -e 's/as! NSRegularExpression$/as! ICURegularExpression/' \
            -e 's/as! NSRegularExpression\([^.]\)/as! ICURegularExpression\1/g' \
            "$source/$file"
    } >"$tests/$file"
done
cp "$source"/Resources/Fixtures/macOS-10.14/NSTextCheckingResult-*.archive "$tests/Resources/Fixtures/macOS-10.14/"

cat >"$package/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FoundationRegexTests",
    dependencies: [.package(path: "$root")],
    targets: [
        .testTarget(
            name: "FoundationRegexTests",
            dependencies: [.product(name: "ICURegexFoundation", package: "$(basename "$root")")],
            resources: [.copy("Resources/Fixtures")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
EOF

echo "Foundation's tests, rewritten for ICURegularExpression, in $package" >&2
cd "$package"
swift test "$@"
