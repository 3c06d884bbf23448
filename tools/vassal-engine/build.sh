#!/usr/bin/env bash
# Build the VASSAL 3.7 engine from a source checkout with Debian's library jars, and the check harness.
#   tools/vassal-engine/build.sh VASSAL_SOURCE_DIR [OUT_DIR]
# OUT_DIR (default: .vassal-engine/ at the repository root) receives Vengine.jar, classpath.txt, the
# harness (VCheck), logback-check.xml and check_module.sh. Installs the Debian packages it needs with
# apt-get (as root, or through sudo), like the Makefile. Takes a few minutes.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 VASSAL_SOURCE_DIR [OUT_DIR]" >&2
  exit 2
fi
src=$(cd "$1" && pwd)
app=$src/vassal-app/src/main
[ -d "$app/java/VASSAL" ] || { echo "$1: not a VASSAL source tree (no vassal-app/src/main/java/VASSAL)" >&2; exit 2; }
out=${2:-$root/.vassal-engine}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# Debian packages, each named by a command or a /usr/share/java jar it provides, installed only when missing.
# The jars are the engine's libraries, in classpath order.
TOOLS="javac=openjdk-17-jdk-headless jar=openjdk-17-jdk-headless xvfb-run=xvfb xauth=xauth"
JARS="commons-lang3=libcommons-lang3-java commons-io=libcommons-io-java commons-codec=libcommons-codec-java
  gnu-getopt=libgetopt-java batik-all=libbatik-java xmlgraphics-commons=libxmlgraphics-commons-java
  xml-apis-ext=libxml-commons-external-java janino=libjanino-java commons-compiler=libjanino-java
  slf4j-api=libslf4j-java logback-classic=liblogback-java logback-core=liblogback-java
  miglayout-core=libmiglayout-java miglayout-swing=libmiglayout-java jl=libjlayer-java swingx-core=libswingx-java
  TimingFramework=libtimingframework-java maven3-artifact=libmaven3-core-java asm=libasm-java jsoup=libjsoup-java
  httpclient5=libhttpclient5-java httpcore5=libhttpcore5-java httpcore5-h2=libhttpcore5-java"
missing=""
for pair in $TOOLS; do command -v "${pair%%=*}" >/dev/null 2>&1 || missing="$missing ${pair#*=}"; done
for pair in $JARS; do [ -e "/usr/share/java/${pair%%=*}.jar" ] || missing="$missing ${pair#*=}"; done
missing=$(echo $missing | tr ' ' '\n' | sort -u | paste -sd' ')
if [ -n "$missing" ]; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  echo "installing Debian packages: $missing"
  $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi
classpath=$(for pair in $JARS; do echo "/usr/share/java/${pair%%=*}.jar"; done | paste -sd:)

# The version the engine reports: Maven writes it into git.properties; here it is the parent pom's version.
version=$(sed -n 's:^    <version>\(.*\)</version>:\1:p' "$src/pom.xml" | head -1)
[ -n "$version" ] || { echo "$src/pom.xml: no project version found" >&2; exit 1; }
echo "building VASSAL $version from $src into $out"

work=$(mktemp -d -t vassal-engine.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/stubs" "$work/deprecation" "$work/app" "$work/res"

# Compile-time stand-ins for two classes Debian lacks (see README.md); they stay out of the engine's jar.
javac --release 17 -nowarn -d "$work/stubs" -cp "$classpath" $(find "$here/stubs" -name '*.java')
# VASSAL's annotation processor for its deprecation records, then the engine itself.
javac --release 17 -nowarn -d "$work/deprecation" $(find "$src/vassal-deprecation/src/main/java" -name '*.java')
find "$app/java" -name '*.java' > "$work/sources.txt"
javac --release 17 -nowarn -encoding UTF-8 -J-Xmx3g -d "$work/app" \
  -cp "$classpath:$work/stubs:$work/deprecation" -processorpath "$work/deprecation" \
  -processor org.vassalengine.deprecation.DeprecationProcessor "@$work/sources.txt"
# Resources as vassal-app/pom.xml lists them: resources/, the filtered git.properties, one image under java/.
cp -r "$app/resources/." "$work/res/"
echo "git.version=$version" > "$work/res/git.properties"
(cd "$app/java" && cp --parents org/netbeans/modules/wizard/defaultWizard.png "$work/res/")
rm -rf "$out/harness" "$out/Vengine.jar"
jar --create --file "$out/Vengine.jar" -C "$work/app" . -C "$work/res" .

mkdir -p "$out/harness"
javac --release 17 -nowarn -encoding UTF-8 -d "$out/harness" -cp "$out/Vengine.jar:$classpath" "$here/VCheck.java"
echo "$classpath" | tr ':' '\n' > "$out/classpath.txt"
cp "$here/logback-check.xml" "$here/check_module.sh" "$out/"
chmod +x "$out/check_module.sh"
echo "built VASSAL $version: run $out/check_module.sh MODULE.vmod"
