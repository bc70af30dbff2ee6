#!/bin/bash
# Off-site copies, measured on this machine against a real S3-compatible server
# (s3s-fs from crates.io, checking signatures, on 127.0.0.1: the cost measured is
# thewell's own, not a network's). Run from the checkout after `cargo build --release`:
#
#   bash tests/bench/offsite.sh            # DUR=8s per measurement, ROUNDS=3
#   bash tests/bench/offsite.sh --photos-only   # only 4.
#
# 1. Durable submissions per second (POST /api/contact, 64 clients) with off-site
#    copying off and on (--offsite-every 10s, so copies are made during each run),
#    alternating rounds, medians and their ratio.
# 2. Bytes uploaded per 1,000 submissions (from the copier's own count).
# 3. The time `thewell restore --from` takes to bring back 100,000 submissions.
# 4. A church's photos (PHOTOS_MB, default 2048, in 100 MB files that do not
#    compress): the server's peak memory (VmHWM) and time while it copies them,
#    beside the same server with copying off; the bytes one changed setting, then
#    one added photo, upload; the restore's time and peak memory.
# Needs Debian's wrk, age and curl; installs s3s-fs into ~/.cache/thewell-tools.
set -u
[ "${1:-}" = "--photos-only" ] && PHOTOS_ONLY=1
source "$(dirname "$0")/lib.sh"
TOOLS=$HOME/.cache/thewell-tools
needs "wrk curl python3" wrk curl python3
[ -x "$TOOLS/bin/s3s-fs" ] || cargo install --locked --quiet s3s-fs --version 0.14.1 --features binary --root "$TOOLS" || exit 1
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
S3P=$(free) P1=$(free)
mkdir -p "$tmp/s3/bench-copies"
"$TOOLS/bin/s3s-fs" --host 127.0.0.1 --port $S3P --access-key benchkey --secret-key benchsecret "$tmp/s3" >/dev/null 2>&1 &
printf '[default]\naws_access_key_id = benchkey\naws_secret_access_key = benchsecret\n' > "$tmp/creds"; chmod 600 "$tmp/creds"
mkdir -p "$tmp/keys"
recipient=$("$BIN" --data-dir "$tmp/keys" offsite keygen --output "$tmp/keys/identity.txt" 2>/dev/null)
bucket=(--offsite-endpoint "http://127.0.0.1:$S3P" --offsite-credentials "$tmp/creds")

start() { # $1: data dir, $2...: extra flags
  local data=$1; shift
  "$BIN" serve --addr 127.0.0.1:$P1 --data-dir "$data" --rate-burst 100000000 --rate-per-minute 100000000 "$@" >>"$tmp/thewell.log" 2>&1 &
  T=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$P1/healthz" >/dev/null && return; sleep 0.05; done
  echo "thewell did not start:"; cat "$tmp/thewell.log"; exit 1
}
stop() { kill $T; wait $T 2>/dev/null; }
on=(--offsite "s3://bench-copies/run" --offsite-recipient "$recipient" --offsite-tag-key "$tmp/keys/identity.txt.tag-key" --offsite-every 10s "${bucket[@]}")

photos() {
  local mb=${PHOTOS_MB:-2048} data="$tmp/photos-site"
  echo "== a church's photos: $mb MB in 100 MB files =="
  mkdir -p "$data/photos"
  for i in $(seq $(( (mb + 99) / 100 ))); do head -c 100000000 /dev/urandom > "$data/photos/photo-$i.jpg"; done
  start "$tmp/photos-off"; sleep 3; echo "copying off: peak memory $(vmhwm $T) MiB"; stop
  local began=$(date +%s%N)
  start "$data" --offsite "s3://bench-copies/photos" --offsite-recipient "$recipient" --offsite-tag-key "$tmp/keys/identity.txt.tag-key" --offsite-every 4s "${bucket[@]}"
  until python3 -c "import json,sys; s=json.load(open('$data/offsite.json')); sys.exit(0 if s.get('files') and not s.get('filesWaiting') else 1)" 2>/dev/null; do sleep 0.5; done
  echo "copying on: $mb MB of photos in the bucket after $(( ($(date +%s%N) - began) / 1000000 )) ms, peak memory $(vmhwm $T) MiB"
  local before=$(uploaded)
  "$BIN" --data-dir "$data" site set building-raised 16000 >/dev/null
  until python3 -c "import json,sys; s=json.load(open('$data/offsite.json')); sys.exit(0 if s['uploadedBytes'] > $before and not s.get('filesWaiting') else 1)" 2>/dev/null; do sleep 0.5; done
  echo "one setting changed: $(( $(uploaded) - before )) bytes uploaded"
  # One camera photo of 12 MB added: it alone should go, with a small record.
  before=$(uploaded)
  head -c 12000000 /dev/urandom > "$data/photos/new-photo.jpg"
  until python3 -c "import json,sys; s=json.load(open('$data/offsite.json')); sys.exit(0 if s['uploadedBytes'] > $before and not s.get('filesWaiting') else 1)" 2>/dev/null; do sleep 0.5; done
  echo "one 12,000,000-byte photo added: $(( $(uploaded) - before )) bytes uploaded ($(( $(uploaded) - before - 12000000 )) beyond the photo's own bytes)"
  stop
  /usr/bin/time -f "restore: %e s, peak memory %M KiB" "$BIN" --data-dir "$tmp/photos-restored" restore --from s3://bench-copies/photos --identity "$tmp/keys/identity.txt" "${bucket[@]}" 2>&1 | grep -E "^restored|^restore:"
  local n=$(ls "$data/photos" | wc -l)
  if diff -r "$data/photos" "$tmp/photos-restored/photos" >/dev/null; then echo "all $n photos came back byte for byte"; else echo "the restored photos differ: $(diff -rq "$data/photos" "$tmp/photos-restored/photos" | head -3)"; fi
  rm -rf "$data" "$tmp/photos-restored" "$tmp/s3/bench-copies/photos"
}
# The bytes the copier has uploaded so far, from its own count.
uploaded() { python3 -c "import json;print(json.load(open('$tmp/photos-site/offsite.json'))['uploadedBytes'])"; }
# The most memory process $1 has held, in MiB.
vmhwm() { awk '/VmHWM/{print int($2/1024)}' "/proc/$1/status"; }
if [ -n "${PHOTOS_ONLY:-}" ]; then photos; exit; fi

echo "== durable submissions per second, 64 clients, $DUR each, $ROUNDS alternating rounds =="
offs=() ons=()
for r in $(seq "$ROUNDS"); do
  start "$tmp/off-$r"; offs+=("$(rate)"); stop
  start "$tmp/on-$r" "${on[@]}"; ons+=("$(rate)")
  # Let the copier catch up, then read what it uploaded for what was stored.
  for _ in $(seq 60); do grep -q '"waiting": 0' "$tmp/on-$r/offsite.json" 2>/dev/null && grep -q '"through"' "$tmp/on-$r/offsite.json" && break; sleep 0.5; done
  sleep 6
  stored=$("$BIN" --data-dir "$tmp/on-$r" stats | awk '$1=="contact"{print $2}')
  bytes=$(python3 -c "import json;print(json.load(open('$tmp/on-$r/offsite.json'))['uploadedBytes'])")
  per=$(( bytes * 1000 / (stored > 0 ? stored : 1) ))
  echo "round $r: off ${offs[-1]}/s, on ${ons[-1]}/s; $stored stored, $bytes bytes uploaded = $per bytes per 1,000 submissions"
  stop
done
off=$(printf '%s\n' "${offs[@]}" | median); onm=$(printf '%s\n' "${ons[@]}" | median)
echo "median: off $off/s, on $onm/s, ratio $(python3 -c "print(round($onm/$off, 2))")"

echo "== restore of 100,000 submissions =="
start "$tmp/big" --offsite "s3://bench-copies/big" --offsite-recipient "$recipient" --offsite-tag-key "$tmp/keys/identity.txt.tag-key" --offsite-every 4s "${bucket[@]}"
while :; do
  n=$("$BIN" --data-dir "$tmp/big" stats | awk '$1=="contact"{print $2}')
  [ "${n:-0}" -ge 100000 ] && break
  wrk -t2 -c64 -d2s -s "$here/post-contact.lua" "http://127.0.0.1:$P1" >/dev/null
done
for _ in $(seq 60); do grep -q '"waiting": 0' "$tmp/big/offsite.json" 2>/dev/null && break; sleep 0.5; done
sleep 5
stop
n=$("$BIN" --data-dir "$tmp/big" stats | awk '$1=="contact"{print $2}')
objects=$(find "$tmp/s3/bench-copies/big" -type f | wc -l); size=$(du -sb "$tmp/s3/bench-copies/big" | cut -f1)
start_ns=$(date +%s%N)
"$BIN" --data-dir "$tmp/restored" restore --from s3://bench-copies/big --identity "$tmp/keys/identity.txt" "${bucket[@]}" | grep "^restored"
end_ns=$(date +%s%N)
echo "restored $n submissions from $objects objects ($size bytes) in $(( (end_ns - start_ns) / 1000000 )) ms"
photos
