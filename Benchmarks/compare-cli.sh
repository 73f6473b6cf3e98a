#!/usr/bin/env bash
# Times icugrep beside grep -P, grep -E, ripgrep and ugrep on two sets of benchmarks, checks
# that all of them print the same lines, and writes a Markdown report and an SVG chart (to a
# scratch folder, or to the folder RESULTS names for a recorded run):
#   subtitles  ripgrep's subtitle benchmarks (English and Russian, at least 256 MB each);
#   everyday   the searches people run every day: -v on a common letter, patterns whose only
#              literal is one common byte, classes above U+0800, anchors, classes without a
#              literal, -c, -i -w, in English, Russian and Chinese; and recursive searches of
#              a source tree of 21,386 files (388 MB) made from fixed tags of the Swift
#              packages' git mirrors on this machine (see "The source tree" below).
#
# Usage: Benchmarks/compare-cli.sh [--smoke]
#   --smoke           (or SMOKE=1) a check that the script, the tools and the report work, in
#                     well under a minute once icugrep is built: four subtitle searches on
#                     8 MiB, 2 runs each; icugrep is the package's own release build
#                     (`swift build -c release --product icugrep`, which the README's
#                     `swift run -c release icugrep` has already made) unless ICUGREP names
#                     one. Its figures say nothing about speed. The variables below still apply.
# Environment (all optional):
#   ICUGREP=path      the icugrep to time (default: build it as install.sh does, under $BUILD_DIR)
#   BASELINE=path     another icugrep, timed beside it as "baseline" (a build of an earlier
#                     commit: before and after in the same run)
#   BUILD_DIR=dir     scratch path of that build (default: $CACHE/build)
#   CACHE=dir         corpora and raw results (default: /tmp/icugrep-bench; with --smoke,
#                     .build/compare-cli-smoke in the package)
#   CORPORA=dir       the sources en-sampled.txt, ru-sampled.txt and zh-sampled.txt (default:
#                     Tests/Fixtures/corpora, the repository's copy of rebar's samples); the
#                     benchmarks of a language whose sample is missing are skipped
#   MIRRORS=dir       the bare git mirrors the source tree is made from, as OWNER/NAME.git
#                     (default: /opt/swift-packages)
#   CORPUS_MB=n       size of each corpus in MiB (default: 256)
#   RUNS=n            timed runs per command (default: 3); STARTUP_RUNS=n (default: 20)
#   TOOLS="..."       which tools (default: "icugrep grep-P grep-E rg ugrep")
#   SET=name          subtitles, everyday or all (default: all)
#   ONLY=regex        only the benchmarks whose id matches (e.g. '^en_'), for a quick look
#   RESULTS=dir       where cli.md and cli.svg go (default: $CACHE/results). A recorded run
#                     names its folder under Benchmarks/results, e.g.
#                     RESULTS=Benchmarks/results/2026-12-01; nothing there is written otherwise.
# It installs nothing: a tool that is not installed, or does not search correctly, is skipped.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
smoke=${SMOKE:-0}
case "${1:-}" in
    --smoke) smoke=1 ;;
    "") ;;
    *) printf 'compare-cli: unknown argument %s (--smoke, or none)\n' "$1" >&2; exit 2 ;;
esac
if [ "$smoke" = 1 ]; then
    # A few searches of each kind the engine treats apart (a literal, -i, a pattern around a
    # literal, Cyrillic), on small corpora, in a scratch folder of the package's own.
    cache=${CACHE:-$root/.build/compare-cli-smoke}
    corpus_mb=${CORPUS_MB:-8} runs=${RUNS:-2} startup_runs=${STARTUP_RUNS:-5}
    set_wanted=${SET:-subtitles}
    only=${ONLY:-'^(en_literal|en_literal_casei|en_surrounding_words|ru_literal)$'}
else
    cache=${CACHE:-/tmp/icugrep-bench}
    corpus_mb=${CORPUS_MB:-256} runs=${RUNS:-3} startup_runs=${STARTUP_RUNS:-20}
    set_wanted=${SET:-all}
    only=${ONLY:-.}
fi
build_dir=${BUILD_DIR:-$cache/build}
corpora=${CORPORA:-$root/Tests/Fixtures/corpora}
tools_wanted=${TOOLS:-icugrep${BASELINE:+ baseline} grep-P grep-E rg ugrep}
mirrors=${MIRRORS:-/opt/swift-packages}
results=${RESULTS:-$cache/results}
raw=$cache/raw

# Every tool reads UTF-8 and classifies letters by Unicode (GNU grep takes both from the locale).
export LC_ALL=C.UTF-8

say() { printf 'compare-cli: %s\n' "$*" >&2; }

command -v hyperfine >/dev/null || { say "needs hyperfine (apt-get install hyperfine)"; exit 1; }
command -v python3 >/dev/null || { say "needs python3 for the report"; exit 1; }

# MARK: - The benchmarks.

case $set_wanted in
    subtitles | everyday | all) ;;
    *) say "SET='$set_wanted' is none of subtitles, everyday, all"; exit 1 ;;
esac
ids=() set_of=() corpus_of=() flags_of=() pattern_of=()
benchmark_set=""
benchmark() { # id corpus flags pattern; flags are words separated by spaces
    [ "$set_wanted" = all ] || [ "$set_wanted" = "$benchmark_set" ] || return 0
    [[ $1 =~ $only ]] || return 0
    ids+=("$1") set_of+=("$benchmark_set") corpus_of+=("$2") flags_of+=("$3") pattern_of+=("$4")
}

# ripgrep's subtitle suite (benchsuite/ in ripgrep's repository).
benchmark_set=subtitles
# Seven five-letter words in a row: no literal at all for the engine to look for first.
no_literal='\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}'
benchmark en_literal            en ""  'Sherlock Holmes'
benchmark en_literal_casei      en -i  'Sherlock Holmes'
benchmark en_literal_word       en -w  'Sherlock Holmes'
benchmark en_alternate          en ""  'Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty'
benchmark en_alternate_casei    en -i  'Sherlock Holmes|John Watson|Irene Adler|Inspector Lestrade|Professor Moriarty'
benchmark en_surrounding_words  en ""  '\w+\s+Holmes\s+\w+'
benchmark en_no_literal         en ""  "$no_literal"
benchmark ru_literal            ru ""  'Шерлок Холмс'
benchmark ru_literal_casei      ru -i  'Шерлок Холмс'
benchmark ru_literal_word       ru -w  'Шерлок Холмс'
benchmark ru_alternate          ru ""  'Шерлок Холмс|Джон Уотсон|Ирен Адлер|инспектор Лестрейд|профессор Мориарти'
benchmark ru_alternate_casei    ru -i  'Шерлок Холмс|Джон Уотсон|Ирен Адлер|инспектор Лестрейд|профессор Мориарти'
benchmark ru_surrounding_words  ru ""  '\w+\s+Холмс\s+\w+'
benchmark ru_no_literal         ru ""  "$no_literal"

# The everyday set: what people search for, on the same subtitles (and Chinese ones), and a
# source tree searched recursively.
benchmark_set=everyday
# Inverted search on a common letter or word: most lines are printed.
benchmark en_invert_letter      en "-v"     'e'
benchmark en_invert_word        en "-v -w"  'the'
benchmark ru_invert_letter      ru "-v"     'о'
benchmark zh_invert_char        zh "-v"     '的'
# The only literal is one common byte ("-", ":", "'"), a poor first filter.
benchmark en_phone              en ""       '[0-9]{3}-[0-9]{4}'
benchmark en_clock              en ""       '\d+:\d+'
benchmark en_ticket             en ""       '[A-Z]{2,}-\d+'
benchmark en_contraction        en ""       "[a-z]+'[a-z]+"
benchmark ru_phone              ru ""       '[0-9]{3}-[0-9]{4}'
benchmark ru_clock              ru ""       '\d+:\d+'
# Classes of characters of three UTF-8 bytes (above U+0800), and Cyrillic ones.
benchmark zh_han_run            zh ""       '\p{Han}{6}'
benchmark zh_han_de_han         zh ""       '\p{Han}+的\p{Han}+'
benchmark zh_han_comma          zh ""       '\p{Han}{4}[,，]\p{Han}{4}'
benchmark ru_cyrillic_run       ru ""       '\p{Cyrillic}{10,}'
benchmark ru_name_pair          ru ""       '\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+'
# Anchors: line start and end, word boundaries, whole words, whole lines.
benchmark en_line_end           en ""       'Holmes$'
benchmark en_line_start         en ""       '^Sherlock'
benchmark en_punct_end          en ""       '[?!]$'
benchmark en_boundary_word      en ""       '\bthe\b'
benchmark en_whole_word         en "-w"     'you'
benchmark en_whole_line         en "-x"     'No\.'
benchmark ru_line_end           ru ""       'Холмс$'
benchmark ru_line_start         ru ""       '^Шерлок'
benchmark ru_boundary_word      ru ""       '\bне\b'
benchmark ru_whole_line         ru "-x"     'Да\.'
benchmark zh_line_start         zh ""       '^我'
benchmark zh_question_end       zh ""       '[？?]$'
# Classes without any literal.
benchmark en_name_pair          en ""       '[A-Z][a-z]+ [A-Z][a-z]+'
benchmark en_name_pair_unicode  en ""       '\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+'
# Counting, and case-insensitive words.
benchmark en_count              en "-c"     'the'
benchmark ru_count              ru "-c"     'не'
benchmark zh_count              zh "-c"     '的'
benchmark en_casei_word         en "-i -w"  'you'
benchmark ru_casei_word         ru "-i -w"  'да'
# Recursive searches of the source tree (every file, hidden ones and binary ones included).
benchmark tree_literal          tree ""     'TODO'
benchmark tree_literal_casei    tree "-i"   'todo'
benchmark tree_markers          tree ""     'FIXME|XXX|HACK'
benchmark tree_func             tree ""     '\bfunc\s+\w+\('
benchmark tree_error_type       tree ""     '[A-Z][A-Za-z]+Error\b'
benchmark tree_hex              tree ""     '0x[0-9a-fA-F]{8}'
benchmark tree_files            tree "-l"   'import Foundation'
benchmark tree_count            tree "-c"   '\bpublic\b'
[ ${#ids[@]} -gt 0 ] || { say "SET='$set_wanted' ONLY='$only' match no benchmark"; exit 1; }
# Whether a selected benchmark searches corpus $1.
uses_corpus() { [[ " ${corpus_of[*]} " == *" $1 "* ]]; }

# MARK: - The tools.

# Sets `argv` to the command line of tool $1 searching $4 for pattern $3 with flags $2 (words
# separated by spaces); $4 is a directory to search recursively when corpus $5 is "tree".
#
# A recursive search is every tool's plain one, made to search the same files: icugrep and
# GNU grep -r read every file, hidden ones included, ignore no .gitignore, follow no symbolic
# link below the operand, and search a binary file (one with a NUL byte) until its first
# selected line, when they say "binary file matches" on standard error. rg -uuu does the same
# (--no-ignore --hidden --binary), but says so on standard output, as ugrep does; the check
# below counts those notices apart from the lines (ugrep needs -. for hidden files). grep -c
# prints a count for every file, rg only for files with a match unless --include-zero. So
# icugrep's and rg's outputs are the same, sorted, but for the meaning of a pattern (ICU's \b
# looks past combining marks, as in "⏩️func"); GNU grep and ugrep also take a file with invalid
# UTF-8 for binary, where icugrep and rg look for a NUL byte only.
tool_argv() {
    local tool=$1 flags=$2 pattern=$3 file=$4 corpus=${5:-} words
    case $tool in
        icugrep) argv=("$icugrep") ;;
        baseline) argv=("$BASELINE") ;;
        grep-P) argv=(grep -P) ;;
        grep-E) argv=(grep -E) ;;
        rg) argv=(rg) ;;
        ugrep) argv=(ugrep) ;;
    esac
    if [ "$corpus" = tree ]; then
        case $tool in
            rg) argv+=(-uuu) ;;
            ugrep) argv+=(-r -.) ;;
            *) argv+=(-r) ;;
        esac
    fi
    read -ra words <<<"$flags"
    argv+=(${words[@]+"${words[@]}"})
    [[ $tool != rg || " $flags " != *" -c "* ]] || argv+=(--include-zero)
    argv+=("$pattern" "$file")  # no pattern here starts with "-"
}

# Whether tool $1's pattern language can express pattern $2. GNU grep -E has \w, \s and \b
# (GNU extensions) but no \d, \p{...} or (?...) groups; the others take all of those. (Some
# take them with another meaning: grep -P's \w and \b know only ASCII letters, its \p{Han}
# is the Han script extension, ugrep -i folds only ASCII; those show as semantic differences.)
can_express() {
    case $1 in
        grep-E) [[ $2 != *'\d'* && $2 != *'\p{'* && $2 != *'(?'* ]] ;;
        *) true ;;
    esac
}

# Builds icugrep in release unless ICUGREP names one.
if [[ " $tools_wanted " == *" icugrep "* ]]; then
    if [ -n "${ICUGREP:-}" ]; then
        icugrep=$ICUGREP
        icugrep_source="ICUGREP=$ICUGREP"
    elif [ "$smoke" = 1 ]; then
        say "building icugrep: swift build -c release --product icugrep"
        if (cd "$root" && swift build -c release --product icugrep >&2); then
            icugrep=$(cd "$root" && swift build -c release --show-bin-path)/icugrep
            icugrep_source="the package's release build, $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'an unknown commit')"
        else
            say "the icugrep build failed: icugrep is skipped"
            icugrep=""
        fi
    else
        say "building icugrep as install.sh builds it, in $build_dir"
        # The installed binary: the Swift runtime linked in statically and position-dependent,
        # its code laid out by LinkOrder/ (install.sh says why): each makes it start faster,
        # which the one-line start-up figure measures, and keep less resident.
        if icugrep=$(ICUGREP_SCRATCH_PATH="$build_dir" "$root/install.sh" --build-only); then
            # What was built: the commit, and whether the working tree differed from it.
            icugrep_source="built from $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'an unknown commit')"
            [ -z "$(git -C "$root" status --porcelain -- Sources Package.swift install.sh LinkOrder 2>/dev/null)" ] ||
                icugrep_source+=" with uncommitted changes"
        else
            say "the icugrep build failed: icugrep is skipped"
            icugrep=""
        fi
    fi
fi

# A tool takes part if it is installed and finds the one matching line of a two-line file
# (this leaves out, for example, an icugrep whose search is not written yet).
mkdir -p "$cache" "$raw"
printf 'nothing here\nSherlock Holmes\n' >"$cache/smoke.txt"
tools=()
for tool in $tools_wanted; do
    if [ "$tool" = icugrep ]; then
        [ -n "${icugrep:-}" ] && [ -x "$icugrep" ] || { say "icugrep is not available: skipped"; continue; }
    elif [ "$tool" = baseline ]; then
        [ -x "${BASELINE:-}" ] || { say "BASELINE is not an executable: skipped"; continue; }
    else
        command -v "${tool%-*}" >/dev/null || { say "$tool is not installed: skipped"; continue; }
    fi
    tool_argv "$tool" "" 'Holmes' "$cache/smoke.txt"
    if [ "$("${argv[@]}" 2>/dev/null)" = "Sherlock Holmes" ]; then
        tools+=("$tool")
    else
        say "$tool does not find 'Holmes' in a two-line file: skipped"
    fi
done
[ ${#tools[@]} -gt 0 ] || { say "no tool to time"; exit 1; }
say "tools: ${tools[*]}"

# MARK: - The corpora: the subtitle samples repeated to at least $corpus_mb MiB, cached.

# Leaves out the selected benchmarks that search corpus $1.
drop_corpus() {
    local index
    for index in "${!ids[@]}"; do
        [ "${corpus_of[index]}" != "$1" ] || unset 'ids[index]' 'set_of[index]' 'corpus_of[index]' 'flags_of[index]' 'pattern_of[index]'
    done
    [ ${#ids[@]} -gt 0 ] || { say "no benchmark is left to run"; exit 1; }
}
corpus_file() { printf '%s/%s-%sMiB.txt' "$cache" "$1" "$corpus_mb"; }
for language in en ru zh; do
    uses_corpus "$language" || continue
    source=$corpora/$language-sampled.txt
    target=$(corpus_file "$language")
    if [ ! -r "$source" ]; then
        say "no $source: its benchmarks are skipped (CORPORA names the directory of rebar's samples)"
        drop_corpus "$language"
        continue
    fi
    if [ ! -s "$target" ] || [ "$(stat -c %s "$target")" -lt $((corpus_mb << 20)) ]; then
        say "building $target"
        : >"$target.partial"
        while [ "$(stat -c %s "$target.partial")" -lt $((corpus_mb << 20)) ]; do
            cat "$source" >>"$target.partial"
        done
        mv "$target.partial" "$target"
    fi
done
printf 'Sherlock Holmes\n' >"$cache/one-line.txt"

# MARK: - The source tree: Swift packages at fixed tags, from the git mirrors, cached.

# Every package whose bare mirror is in /opt/swift-packages (one of each where a package has
# two mirrors), at its latest release tag when the set was chosen: `git archive TAG` of each,
# unpacked into $tree/OWNER/NAME. That makes 21,386 files (and no symbolic link) in 388 MB:
# Swift, C (BoringSSL, SQLite, protobuf), JSON test vectors, Markdown, and 462 binary files
# (zip archives, images, a database, fuzzing inputs). The list is fixed, so the tree is the same
# wherever it is built; it is rebuilt when the list changes.
tree_sources="
    adam-fowler/compress-nio@1.5.0 apple/swift-algorithms@1.2.1
    apple/swift-argument-parser@1.8.2 apple/swift-asn1@1.7.4 apple/swift-async-algorithms@1.1.4
    apple/swift-atomics@1.3.0 apple/swift-certificates@1.21.1 apple/swift-collections@1.6.0
    apple/swift-configuration@1.4.0 apple/swift-crypto@4.5.2
    apple/swift-distributed-tracing@1.7.3 apple/swift-docc-plugin@1.5.0
    apple/swift-docc-symbolkit@1.0.0 apple/swift-http-structured-headers@1.7.0
    apple/swift-http-types@1.8.0 apple/swift-log@1.16.2 apple/swift-metrics@2.13.0
    apple/swift-nio-extras@1.35.2 apple/swift-nio-http2@1.46.0 apple/swift-nio-ssh@0.15.1
    apple/swift-nio-ssl@2.37.6 apple/swift-nio-transport-services@1.28.0 apple/swift-nio@2.101.3
    apple/swift-numerics@1.1.1 apple/swift-openapi-generator@1.14.3
    apple/swift-openapi-runtime@1.13.4 apple/swift-openapi-urlsession@1.4.0
    apple/swift-protobuf@1.39.0 apple/swift-service-context@1.5.1 apple/swift-subprocess@1.0.2
    apple/swift-syntax@603.0.1 apple/swift-system@1.8.1 attaswift/BigInt@6.0.1
    CoreOffice/XMLCoder@0.18.2 davecom/SwiftGraph@4.0.0 drmohundro/SWXMLHash@8.1.1
    google/swift-benchmark@0.1.2 GraphQLSwift/Graphiti@3.1.0 GraphQLSwift/GraphQL@4.3.0
    groue/GRDB.swift@7.10.0 grpc/grpc-swift-2@2.4.3 grpc/grpc-swift-nio-transport@2.9.2
    grpc/grpc-swift-protobuf@2.4.1 HdrHistogram/hdrhistogram-swift@0.2.0
    hummingbird-project/hummingbird-auth@2.5.0 hummingbird-project/hummingbird-websocket@2.8.1
    hummingbird-project/hummingbird@2.28.1 hummingbird-project/swift-mustache@2.1.1
    hummingbird-project/swift-openapi-hummingbird@2.1.0
    hummingbird-project/swift-websocket@1.6.2 JohnSundell/Files@4.3.0 JohnSundell/Ink@0.6.0
    JohnSundell/Plot@0.14.0 jpsim/Yams@6.2.2 kylef/PathKit@1.0.1 kylef/Spectre@0.10.1
    LebJe/TOMLKit@0.6.0 mattgallagher/CwlCatchException@2.2.1
    mattgallagher/CwlPreconditionTesting@2.2.2 mattpolzin/OpenAPIKit@6.4.0
    mattt/EventSource@1.1.1 modelcontextprotocol/swift-sdk@0.12.1 mxcl/Version@2.2.1
    onevcat/Rainbow@4.2.2 OpenCombine/OpenCombine@0.14.0 ordo-one/benchmark@1.38.1
    ordo-one/malloc-interposer@1.6.1 ordo-one/TextTable@0.0.2
    pointfreeco/combine-schedulers@1.2.2 pointfreeco/swift-case-paths@1.10.0
    pointfreeco/swift-clocks@1.1.1 pointfreeco/swift-concurrency-extras@1.4.3
    pointfreeco/swift-custom-dump@1.7.3 pointfreeco/swift-dependencies@1.17.1
    pointfreeco/swift-identified-collections@1.1.1 pointfreeco/swift-macro-testing@0.7.0
    pointfreeco/swift-parsing@0.15.2 pointfreeco/swift-snapshot-testing@1.19.7
    pointfreeco/swift-tagged@0.10.0 pointfreeco/xctest-dynamic-overlay@1.13.1
    Quick/Nimble@14.0.0 Quick/Quick@7.6.2 slashmo/swift-otel-semantic-conventions@1.44.0
    slashmo/swift-otel@1.6.0 slashmo/swift-w3c-trace-context@1.0.0 stencilproject/Stencil@0.15.1
    swhitty/FlyingFox@0.27.1 swift-extras/swift-extras-base64@1.2.0
    swift-server/async-http-client@1.37.0 swift-server/swift-openapi-async-http-client@1.5.0
    swift-server/swift-openapi-vapor@1.2.0 swift-server/swift-prometheus@2.4.1
    swift-server/swift-service-lifecycle@2.13.0 swiftcsv/SwiftCSV@0.10.0 swiftwasm/WasmKit@0.4.2
    Swinject/Swinject@2.10.0 vapor/async-kit@1.22.0 vapor/console-kit@4.16.2
    vapor/fluent-kit@1.57.0 vapor/fluent-postgres-driver@2.14.0 vapor/fluent-sqlite-driver@4.9.0
    vapor/fluent@4.13.0 vapor/jwt-kit@5.8.0 vapor/jwt@5.2.0 vapor/leaf-kit@1.14.3
    vapor/leaf@4.5.2 vapor/multipart-kit@4.7.1 vapor/postgres-kit@2.17.0
    vapor/postgres-nio@1.33.2 vapor/routing-kit@4.9.3 vapor/sql-kit@3.36.0
    vapor/sqlite-kit@4.5.2 vapor/sqlite-nio@1.13.2 vapor/vapor@4.122.3
    vapor/websocket-kit@2.16.2 weichsel/ZIPFoundation@0.9.20 x-sheep/swift-property-based@2.0.1
    yaslab/CSV.swift@2.5.2
"
tree=$cache/tree
build_tree() {
    local source repo tag
    if [ -d "$tree" ] && [ "$(cat "$cache/tree.sources" 2>/dev/null)" = "$(printf '%s' "$tree_sources")" ]; then
        return 0
    fi
    for source in $tree_sources; do
        repo=${source%@*} tag=${source#*@}
        git -C "$mirrors/$repo.git" rev-parse -q --verify "refs/tags/$tag^{commit}" >/dev/null 2>&1 ||
            { say "no tag $tag in $mirrors/$repo.git: set MIRRORS"; return 1; }
    done
    say "building the source tree $tree from $mirrors"
    rm -rf "$tree.partial" "$tree" "$cache/tree.sources"
    mkdir -p "$tree.partial"
    for source in $tree_sources; do
        repo=${source%@*} tag=${source#*@}
        git -C "$mirrors/$repo.git" archive --format=tar --prefix="$repo/" "refs/tags/$tag" |
            tar -x -C "$tree.partial" || return 1
    done
    mv "$tree.partial" "$tree"
    printf '%s' "$tree_sources" >"$cache/tree.sources"
}
if uses_corpus tree && ! build_tree; then
    say "the source tree could not be built: its benchmarks are skipped"
    drop_corpus tree
fi

# MARK: - Measurements.

# Quotes $1 for the shell that hyperfine runs the commands in.
shell_quote() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
quoted_argv() {
    local word out=""
    for word in "${argv[@]}"; do out+="$(shell_quote "$word") "; done
    printf '%s' "$out"
}

# What benchmark corpus $1 searches: a file, or the source tree.
corpus_path() { if [ "$1" = tree ]; then printf '%s' "$tree"; else corpus_file "$1"; fi; }

# The notices of a binary file that matches, which rg (first) and ugrep print on standard
# output and icugrep and grep (last) on standard error.
stdout_notice='(: binary file matches \(found ".*" byte around offset [0-9]+\)|^Binary file .* matches)$'
stderr_notice=': binary file matches$'

# Runs `argv` once, searching corpus $1, with its output to a file; prints, tab-separated: the
# lines it printed, its peak resident memory in KiB, the binary files it said matched (on either
# stream; those notices are not counted as lines), and the MD5 digest of the lines. The lines
# of a tree search are sorted first: the tools search files in parallel, in different orders.
count_and_peak_memory() {
    local corpus=$1 memory=$raw/peak-kib out=$raw/out err=$raw/err notices=0
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M -o "$memory" "${argv[@]}" >"$out" 2>"$err" || true
    else
        # The same figure (the child's ru_maxrss) from Python where GNU time is missing.
        python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[2:])
open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))' \
            "$memory" "${argv[@]}" >"$out" 2>"$err" || true
    fi
    if [ "$corpus" = tree ]; then
        notices=$(($(LC_ALL=C grep -a -c -E "$stdout_notice" "$out" || true) +
            $(LC_ALL=C grep -a -c -E "$stderr_notice" "$err" || true)))
        LC_ALL=C grep -a -v -E "$stdout_notice" "$out" | LC_ALL=C sort >"$out.sorted" || true
        mv "$out.sorted" "$out"
    fi
    printf '%s\t%s\t%s\t%s\n' "$(wc -l <"$out")" "$(tail -n 1 "$memory")" "$notices" "$(md5sum <"$out" | cut -c 1-32)"
    rm -f "$out" "$err"
}

{
    printf 'date\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
    printf 'cpu\t%s\n' "$(sed -n 's/^model name[[:space:]]*: //p; T; q' /proc/cpuinfo)"
    printf 'nproc\t%s\n' "$(nproc)"
    printf 'memory\t%s\n' "$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
    printf 'kernel\t%s\n' "$(uname -sr)"
    printf 'runs\t%s\n' "$runs"
    printf 'set\t%s\n' "$set_wanted"
    for language in en ru zh; do
        uses_corpus "$language" || continue
        printf 'corpus_%s\t%s\n' "$language" "$(stat -c %s "$(corpus_file "$language")")"
    done
    if uses_corpus tree; then
        printf 'tree_packages\t%s\n' "$(wc -w <<<"$tree_sources")"
        printf 'tree_files\t%s\n' "$(find "$tree" -type f | wc -l)"
        printf 'tree_bytes\t%s\n' "$(find "$tree" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')"
    fi
    # The first line of each --version, read whole: rg writes its lines one at a time and exits
    # with 2 when `head -n 1` has closed the pipe, which pipefail would take for a failure.
    first_line() { local text; text=$("$@" 2>/dev/null || true); printf '%s' "${text%%$'\n'*}"; }
    for tool in "${tools[@]}"; do
        case $tool in
            icugrep) version="$(first_line "$icugrep" --version), $icugrep_source" ;;
            baseline) version="$(first_line "$BASELINE" --version), BASELINE=$BASELINE" ;;
            *) version=$(first_line "${tool%-*}" --version) ;;
        esac
        printf 'version_%s\t%s\n' "$tool" "${version:-unknown}"
    done
} >"$raw/machine.tsv"

printf 'id\tset\tcorpus\tflags\tpattern\n' >"$raw/benchmarks.tsv"
printf 'id\ttool\tlines\tpeak_kib\tbinary_notices\tdigest\n' >"$raw/counts.tsv"
rm -f "$raw"/time-*.json
for index in "${!ids[@]}"; do
    id=${ids[index]} corpus=${corpus_of[index]} flags=${flags_of[index]} pattern=${pattern_of[index]}
    file=$(corpus_path "$corpus")
    printf '%s\t%s\t%s\t%s\t%s\n' "$id" "${set_of[index]}" "$corpus" "$flags" "$pattern" >>"$raw/benchmarks.tsv"
    commands=() counted=()
    for tool in "${tools[@]}"; do
        can_express "$tool" "$pattern" || { say "$id: $tool cannot express the pattern: skipped"; continue; }
        tool_argv "$tool" "$flags" "$pattern" "$file" "$corpus"
        counts=$(count_and_peak_memory "$corpus")
        printf '%s\t%s\t%s\n' "$id" "$tool" "$counts" >>"$raw/counts.tsv"
        IFS=$'\t' read -r lines _ notices digest <<<"$counts"
        counted+=("$tool $lines lines, $notices binary files, output ${digest:0:8}")
        # Output goes through a pipe, as when it is read: GNU grep stops at the first match
        # when its output is /dev/null.
        commands+=(-n "$tool" "$(quoted_argv) | wc -l")
    done
    # Said now when the tools print different lines (the report lists them all).
    [ "$(printf '%s\n' "${counted[@]}" | cut -d ' ' -f 2- | sort -u | wc -l)" -le 1 ] ||
        say "$id: the tools print different lines: $(printf '%s; ' "${counted[@]}")"
    say "$id: timing $((${#commands[@]} / 3)) tools, $runs runs each"
    hyperfine --shell=bash --warmup 1 --runs "$runs" --style basic \
        --export-json "$raw/time-$id.json" "${commands[@]}" >&2
done

# Start-up runs without a shell (hyperfine cannot subtract a shell's start-up to better than
# milliseconds), with the output through hyperfine's own pipe.
say "start-up: one line, $startup_runs runs each"
commands=()
for tool in "${tools[@]}"; do
    tool_argv "$tool" "" 'Sherlock Holmes' "$cache/one-line.txt"
    commands+=(-n "$tool" "$(quoted_argv)")
done
hyperfine --shell=none --output=pipe --warmup 3 --runs "$startup_runs" --style basic \
    --export-json "$raw/startup.json" "${commands[@]}" >&2

mkdir -p "$results"
python3 "$here/cli/report.py" "$raw" "$results/cli.md"
python3 "$here/cli/chart.py" "$raw" "$results/cli.svg"
say "wrote $results/cli.md and $results/cli.svg (raw data in $raw)"
