#!/usr/bin/env bash
# Installs icugrep, its manual and its shell completions under a prefix:
#
#     PREFIX=~/.local ./install.sh          # default PREFIX: /usr/local
#
# It builds `swift build -c release --static-swift-stdlib --product icugrep` (the Swift runtime
# linked in, so the binary needs no Swift toolchain), hardened as distributions build their
# packages (a position-independent executable, full RELRO, stack protectors, _FORTIFY_SOURCE
# for the C targets; ICUGREP_PIE=0 links it position-dependent) and with its code laid out by
# LinkOrder/ (see below), and installs
#
#     $PREFIX/bin/icugrep
#     $PREFIX/share/man/man1/icugrep.1
#     $PREFIX/share/bash-completion/completions/icugrep
#     $PREFIX/share/zsh/site-functions/_icugrep
#     $PREFIX/share/fish/vendor_completions.d/icugrep.fish
#
# ICU stays a shared library, opened at the binary's first call into ICU: the installed binary
# needs the ICU it was built against (the script prints which, such as Debian's libicu72). DESTDIR is put before every path, for
# packaging. ICUGREP_BINARY=path installs that binary instead of building one (the tests
# install the debug build this way).
#
#     ./install.sh --build-only             # builds, prints the binary's path, installs nothing
#
# is how Benchmarks/compare-cli.sh and LinkOrder/generate.sh build the same binary;
# ICUGREP_SCRATCH_PATH=dir builds in dir instead of .build.
set -euo pipefail
cd "$(dirname "$0")"

prefix=${PREFIX:-/usr/local}
root=${DESTDIR:-}$prefix

build_only=false
case "${1:-}" in
    --build-only) build_only=true ;;
    "") ;;
    *) echo "install.sh: unknown argument '$1' (--build-only, or none)" >&2; exit 2 ;;
esac

if [ -n "${ICUGREP_BINARY:-}" ]; then
    binary=$ICUGREP_BINARY
else
    common=(-c release --static-swift-stdlib)
    [ -z "${ICUGREP_SCRATCH_PATH:-}" ] || common+=(--scratch-path "$ICUGREP_SCRATCH_PATH")
    build=(swift build "${common[@]}" --product icugrep)
    # Hardened as distributions require of their packages (Debian's hardening=+all, Fedora's
    # and Arch's defaults): a position-independent executable, whose own code is placed at
    # random like its libraries'; full RELRO (`-z relro -z now`: every symbol bound at start,
    # then the relocated data made read-only); stack protectors in the Swift code (swiftc's
    # default) and the C targets (`-fstack-protector-strong`); and glibc's checked string and
    # memory functions in the C targets (`_FORTIFY_SOURCE=2`, which needs the optimization a
    # release build has).
    build+=(-Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now)
    build+=(-Xcc -fstack-protector-strong -Xcc -D_FORTIFY_SOURCE=2)
    # ICUGREP_PIE=0 links it position-dependent instead: the dynamic loader then has none of
    # the static Swift runtime's 21,000 metadata pointers to rewrite at each start, which saves
    # about 13% of the instructions of a one-line search and 1 MiB of copied pages per process
    # (docs/PerformanceHistory.md), and gives up the random placement of the executable's code.
    # Only with the static runtime: against the shared one, the loader warns of references to
    # its protected functions.
    [ "${ICUGREP_PIE:-1}" != 0 ] || build+=(-Xswiftc -Xclang-linker -Xswiftc -no-pie)
    # Every function in a section of its own, and the sections that everyday searches run
    # placed together first (LinkOrder/generate.sh says why and writes the order):
    # ICUGREP_LINK_ORDER=file uses another order, =none none.
    build+=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections)
    # The metadata of generic types such as [PositionSet] or [String: String] comes from an
    # accessor that passes the conformances it needs, instead of from their mangled names: read
    # at first use, a name's conformances are looked up by the runtime, which scans all 2,000 of
    # the static runtime's conformance records for each (a quarter of the instructions of a
    # search of a one-line file).
    build+=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
    order=${ICUGREP_LINK_ORDER:-$PWD/LinkOrder/icugrep.sections}
    ordered=()
    [ "$order" = none ] || ordered=(-Xlinker "--section-ordering-file=$order")
    echo "install.sh: ${build[*]} ${ordered[*]}" >&2
    if ! "${build[@]}" "${ordered[@]}" >&2; then
        # The order is gold's option (the linker the Swift toolchain uses on Linux); with
        # another linker, the binary is linked as it comes. A build that fails for another
        # reason fails again here.
        [ ${#ordered[@]} -gt 0 ] || exit 1
        echo "install.sh: the link with a section order failed; building without it" >&2
        "${build[@]}" >&2
    fi
    binary=$(swift build "${common[@]}" --show-bin-path)/icugrep
fi
if $build_only; then
    [ -x "$binary" ] || { echo "install.sh: no icugrep binary at $binary" >&2; exit 1; }
    echo "$binary"
    exit 0
fi
[ -x "$binary" ] || { echo "install.sh: no icugrep binary at $binary" >&2; exit 1; }

# The completion scripts come from the binary itself, so they match its options.
completions=$(mktemp -d)
trap 'rm -rf "$completions"' EXIT
for shell in bash zsh fish; do
    "$binary" --generate-completions=$shell > "$completions/$shell"
done

install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$binary" "$root/bin/icugrep"
install -m 644 man/icugrep.1 "$root/share/man/man1/icugrep.1"
install -m 644 "$completions/bash" "$root/share/bash-completion/completions/icugrep"
install -m 644 "$completions/zsh" "$root/share/zsh/site-functions/_icugrep"
install -m 644 "$completions/fish" "$root/share/fish/vendor_completions.d/icugrep.fish"

echo "install.sh: installed under $root:"
for path in bin/icugrep share/man/man1/icugrep.1 share/bash-completion/completions/icugrep \
    share/zsh/site-functions/_icugrep share/fish/vendor_completions.d/icugrep.fish; do
    echo "  $root/$path"
done

# The run-time dependency: ICU's shared libraries, of the version the binary was built against.
# The binary opens them at its first call into ICU rather than linking them (ldd does not list
# them), by the sonames written in it.
icu=$(grep -ao 'libicu[a-z0-9]*\.so\.[0-9]*' "$binary" 2>/dev/null | sort -u | tr '\n' ' ' || true)
version=$(echo "$icu" | grep -o 'so\.[0-9]*' | head -n 1 | cut -d. -f2 || true)
if [ -n "$version" ]; then
    echo "install.sh: icugrep needs ICU $version at run time (${icu% }); on Debian and Ubuntu, the package libicu$version."
else
    echo "install.sh: icugrep needs the ICU it was built against at run time (Debian and Ubuntu: libicuNN)."
fi
case ":${PATH}:" in
    *":$prefix/bin:"*) ;;
    *) echo "install.sh: $prefix/bin is not on PATH." ;;
esac
