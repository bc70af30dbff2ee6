#!/bin/bash
# Years of sermons: a data directory with one sermon file beside one with N (5,000 by
# default: a century of Sundays) weekly files, each with a description and four
# points of notes. Prints how long `thewell content check` takes to read them (the
# CPU time of one core), and for a server on each: its memory once every page is
# compressed ahead, /media's weight in each language, the feed's, where the newest
# sermon is, how soon an edit to one file shows, and the memory after it.
#
#   bash tests/bench/sermons.sh            # N=5000
#   N=520 bash tests/bench/sermons.sh      # ten years
#
# Needs python3 and curl. About a minute on a 2-core machine.
set -u
. "$(dirname "$0")/lib.sh"
needs "python3 curl bc time" python3 curl bc /usr/bin/time
N=${N:-5000}
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT

# Weekly sermons back from 2026-11-29, newest first: week 0 is the newest.
make_sermons() {
  python3 - "$1" "$2" <<'EOF'
import datetime, os, sys
folder, n = sys.argv[1], int(sys.argv[2])
os.makedirs(folder, exist_ok=True)
books = ["John", "Matthew", "Romans", "Psalm", "Genesis", "1 John", "Isaiah", "Luke", "Acts", "Hebrews"]
newest = datetime.date(2026, 11, 29)
for i in range(n):
    day = newest - datetime.timedelta(weeks=i)
    book = books[i % len(books)]
    notes = "".join(
        f'\n[[notes]]\nheading = "{k}. Point {k} of week {i}"\n'
        f'text = "What the point says, in a sentence or two: grace, faith and the walk of every day, week {i}."\n'
        f'scripture = "{book} {k}:{k + 2}"\n'
        for k in range(1, 5)
    )
    text = (
        f'+++\ntitle = "Week {i}: Walking in the Light"\ndate = {day}\nspeaker = "Pastor Maria Lopez"\n'
        f'passage = "{book} {i % 20 + 1}:1-10"\nvideo = ""\n'
        f'reflection = "Where is my oil running low, and what one habit would refill it this week?"\n'
        f'{notes}+++\nWe read {book} together and ask what it means to keep a lamp burning. Week {i}.\n\n'
        'A second paragraph: the church gathers, prays and sends.\n'
    )
    open(os.path.join(folder, f"{day}-week-{i}.md"), "w").write(text)
EOF
}

rss() { awk '/^VmRSS/{printf "%.1f", $2/1024}' "/proc/$1/status"; }
anon() { awk '/^RssAnon/{printf "%.1f", $2/1024}' "/proc/$1/status"; }

# One server on data directory $1 with $2 sermons: its figures, one line each.
measure() {
  local data=$1 count=$2 port log pid
  port=$(free)
  log="$work/serve-$count.log"
  THEWELL_LOG=info "$BIN" serve --addr "127.0.0.1:$port" --data-dir "$data" >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    grep -q "every page compressed ahead" "$log" && break
    sleep 0.1
  done
  local ahead
  ahead=$(grep -o 'every page compressed ahead.*seconds=[0-9.]*' "$log" | grep -o 'seconds=[0-9.]*' | cut -d= -f2)
  sleep 3
  local idle idle_anon
  idle=$(rss $pid)
  idle_anon=$(anon $pid)
  local weights=""
  for path in /media /es/media /ur/media /sermons.xml; do
    weights="$weights $path $(curl -s -H 'Accept-Encoding: br' -o /dev/null -w '%{size_download}' "http://127.0.0.1:$port$path")"
  done
  local first_listed first_in_feed
  first_listed=$(curl -s "http://127.0.0.1:$port/media" | grep -o '<time datetime="[0-9-]*"' | head -1 | cut -d'"' -f2)
  first_in_feed=$(curl -s "http://127.0.0.1:$port/sermons.xml" | grep -o '<title>Week [0-9]*' | head -1 | cut -c8-)
  # An edit to the newest file: how soon /media shows it.
  local newest started shown
  newest=$(ls "$data/content/sermons" | sort | tail -1)
  sed -i 's/^title = "Week 0: /title = "Week 0 (edited): /' "$data/content/sermons/$newest"
  started=$(date +%s.%N)
  until curl -s "http://127.0.0.1:$port/media" | grep -q 'Week 0 (edited)'; do sleep 0.05; done
  shown=$(echo "$(date +%s.%N) - $started" | bc)
  # Once the pages are compressed ahead again for the edit: the memory at rest.
  for _ in $(seq 1 600); do
    [ "$(grep -c "every page compressed ahead" "$log")" -ge 2 ] && break
    sleep 0.1
  done
  for path in /media /es/media /ur/media; do curl -s -o /dev/null -H 'Accept-Encoding: br' "http://127.0.0.1:$port$path"; done
  sleep 3
  printf '%6s sermons: idle %s MB (%s anonymous), every page compressed ahead in %s s; after an edit, at rest %s MB; the edit shown after %.2f s\n' \
    "$count" "$idle" "$idle_anon" "$ahead" "$(rss $pid)" "$shown"
  printf '%6s sermons: brotli bytes:%s; newest on /media: %s; first in the feed: %s\n' "$count" "$weights" "$first_listed" "$first_in_feed"
  echo "$idle" >"$work/idle-$count"
  rss $pid >"$work/after-$count"
  kill $pid
  wait $pid 2>/dev/null
}

for count in 1 "$N"; do
  data="$work/data-$count"
  mkdir -p "$data/content"
  make_sermons "$data/content/sermons" "$count"
  /usr/bin/time -f "%e %U %S %M" -o "$work/time-$count" "$BIN" --data-dir "$data" content check >"$work/check-$count" || {
    cat "$work/check-$count"
    exit 1
  }
  read -r wall user sys maxrss <"$work/time-$count"
  printf '%6s sermons: content check read them in %s s (CPU %.2f s), peak %.1f MB; it said: %s\n' \
    "$count" "$wall" "$(echo "$user + $sys" | bc)" "$(echo "$maxrss / 1024" | bc -l)" "$(tail -1 "$work/check-$count")"
  measure "$data" "$count"
done
printf 'server memory with %s sermons over one: %+.1f MB idle, %+.1f MB at rest after an edit (the goal: under 40 MB more)\n' \
  "$N" "$(echo "$(cat "$work/idle-$N") - $(cat "$work/idle-1")" | bc)" \
  "$(echo "$(cat "$work/after-$N") - $(cat "$work/after-1")" | bc)"
