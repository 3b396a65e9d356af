#!/usr/bin/env bash
# Writes packages/ui/src/fonts/inter-core-wght-normal.woff2: Inter's Latin file (from @fontsource-variable/inter) cut
# to the characters the app's own text uses, every weight and OpenType feature kept (the text renders exactly as with the
# whole file; without every feature a contextual minus sign moved by a pixel). Run it after upgrading the package; keep the
# list below the same as the unicode-range of the file's @font-face in packages/ui/src/styles.css. Characters outside
# it (a trader's note in another Latin script) still come from the whole Latin file, which browsers fetch only then.
# Needs fontTools with Brotli (Debian: apt-get install -y python3-fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
CORE='U+0020-007E,U+00A0,U+00A7,U+00B1,U+00B5,U+00B7,U+00D7,U+00E9,U+00EF,U+00F7,U+00F8,U+00FC,U+2000-206F,U+20AC,U+2212'
/usr/bin/python3 -m fontTools.subset node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  --unicodes="$CORE" --layout-features='*' --flavor=woff2 \
  --output-file=packages/ui/src/fonts/inter-core-wght-normal.woff2
