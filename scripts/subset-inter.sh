#!/usr/bin/env bash
# Writes packages/ui/src/fonts/inter-core-wght-normal.woff2: Inter's Latin file (from @fontsource-variable/inter) cut
# to the characters the app's own text uses and to the weights its styles use (400 to 700: Tailwind's normal, medium,
# semibold and bold), every OpenType feature kept (without every feature a contextual minus sign moved by a pixel).
# Text in another weight (a bolder <strong> inside semibold is 900) comes from the whole Latin file, as does a
# character outside the list; browsers fetch that file only then. Keep the weight range below the same as the core
# face's font-weight in packages/ui/src/styles.css. Run it after upgrading the package; keep the
# list below the same as the unicode-range of the file's @font-face in packages/ui/src/styles.css. Characters outside
# it (a trader's note in another Latin script) still come from the whole Latin file, which browsers fetch only then.
# Needs fontTools with Brotli (Debian: apt-get install -y python3-fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
CORE='U+0020-007E,U+00A0,U+00A7,U+00B1,U+00B5,U+00B7,U+00D7,U+00E9,U+00EF,U+00F7,U+00F8,U+00FC,U+2009,U+2011,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+202F,U+20AC,U+2212'
WEIGHTS='400:700'
LIMITED=$(mktemp --suffix=.ttf)
trap 'rm -f "$LIMITED"' EXIT
/usr/bin/python3 -m fontTools.varLib.instancer --quiet \
  node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 "wght=$WEIGHTS" -o "$LIMITED"
/usr/bin/python3 -m fontTools.subset "$LIMITED" \
  --unicodes="$CORE" --layout-features='*' --flavor=woff2 \
  --output-file=packages/ui/src/fonts/inter-core-wght-normal.woff2
