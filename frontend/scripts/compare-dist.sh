#!/usr/bin/env bash
# Compares two frontend builds as a visitor's browser would read them: the
# prerendered HTML of every route, the 404 page, sitemap.xml, robots.txt,
# routes.json and photo-slots.json, with Vite's content hashes masked
# (assets/Home-AbC123.js -> assets/Home-HASH.js). A refactor that changes nothing
# a visitor gets prints "identical" and exits 0; otherwise it prints the diff and exits 1.
#
#   cp -r frontend/dist /tmp/before    # on the commit before the change
#   ...change, rebuild...
#   frontend/scripts/compare-dist.sh /tmp/before frontend/dist
set -euo pipefail
before=${1:?usage: compare-dist.sh BEFORE_DIST AFTER_DIST}
after=${2:?usage: compare-dist.sh BEFORE_DIST AFTER_DIST}

mask() { sed -E 's#(assets/[A-Za-z0-9_.-]+)-[A-Za-z0-9_-]{8}\.(js|css)#\1-HASH.\2#g' "$1"; }

files() { (cd "$1" && find . -type f \( -name '*.html' -o -name 'sitemap.xml' -o -name 'robots.txt' -o -name 'routes.json' -o -name 'photo-slots.json' \) | sort); }

status=0
if ! diff <(files "$before") <(files "$after") >/dev/null; then
  echo "the two builds hold different files:"; diff <(files "$before") <(files "$after") || true
  status=1
fi
count=0
while read -r file; do
  [ -f "$after/$file" ] || continue
  count=$((count + 1))
  if ! diff -q <(mask "$before/$file") <(mask "$after/$file") >/dev/null; then
    echo "differs: $file"
    diff <(mask "$before/$file" | tr '>' '\n') <(mask "$after/$file" | tr '>' '\n') | head -20 || true
    status=1
  fi
done < <(files "$before")
[ "$status" = 0 ] && echo "identical: $count files (hashes masked)"
exit "$status"
