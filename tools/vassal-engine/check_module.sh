#!/usr/bin/env bash
# Load a VASSAL module with the engine build.sh built, headless under Xvfb, and print VCheck's JSON report.
#   .vassal-engine/check_module.sh MODULE.vmod [LOGFILE]
# Run the copy build.sh puts next to the engine: it finds the engine beside itself. LOGFILE (optional)
# receives the engine's full INFO+ log. VCHECK_TIMEOUT: seconds before the check gives up (default 600).
# VCHECK_DEFENDER_HEX: the hex label where the combat check puts its defender (default: the board's centre).
# VCHECK_SNAPSHOTS: a folder where each piece the actions fire on is drawn as a PNG (default: none).
# Each run gets a fresh home folder (preferences, tile cache) in a temporary folder, removed afterwards.
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 MODULE.vmod [LOGFILE]" >&2
  exit 64
fi
if [ ! -f "$here/Vengine.jar" ]; then
  echo "no engine in $here: run the copy of this script that tools/vassal-engine/build.sh writes" >&2
  exit 64
fi
module=$(readlink -f "$1")
log=$(readlink -m "${2:-/dev/null}")
work=$(mktemp -d -t vcheck.XXXXXX)
trap 'rm -rf "$work"' EXIT
classpath=$here/harness:$here/Vengine.jar:$(paste -sd: "$here/classpath.txt")
cd "$work"  # VASSAL's base folder is the working folder
HOME=$work xvfb-run -a -s "-screen 0 1600x1200x24" \
  java -Xmx2g -Duser.home="$work" -DVASSAL.conf="$work/conf" -Djava.io.tmpdir="$work" \
    -Dlogback.configurationFile="$here/logback-check.xml" -Dvcheck.log="$log" \
    -Dvcheck.timeout="${VCHECK_TIMEOUT:-600}" -Dvcheck.defenderHex="${VCHECK_DEFENDER_HEX:-}" \
    -Dvcheck.snapshots="${VCHECK_SNAPSHOTS:-}" -Duser.language=en -Duser.country=US \
    -cp "$classpath" VCheck "$module"
