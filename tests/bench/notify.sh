#!/bin/bash
# Durable submissions with and without a notification target: POST
# /api/contact at 64 clients against the release binary, in alternating rounds,
# first with no target, then with a webhook target whose server answers each call
# after 2 s (a slow chat service). The submissions per second should not move: the
# notifications wait in the outbox and a background sender delivers them.
#
#   bash tests/bench/notify.sh            # DUR=8s per measurement, ROUNDS=3
#
# Needs Debian's wrk, python3 and curl. compare.sh runs it too.
set -u
source "$(dirname "$0")/lib.sh"
needs "wrk python3 curl" wrk python3 curl
tmp=$(mktemp -d)
P1=$(free) P2=$(free)

# The slow receiver: every call answered 200 after 2 s, many at once.
cat >"$tmp/slow.py" <<'PY'
import http.server, sys, time
class Slow(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        time.sleep(2)
        self.send_response(200); self.send_header("content-length", "0"); self.end_headers()
    def log_message(self, *args): pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Slow).serve_forever()
PY
python3 "$tmp/slow.py" "$P2" & S=$!
"$BIN" serve --addr 127.0.0.1:$P1 --data-dir "$tmp/data" --rate-burst 100000000 --rate-per-minute 100000000 >>"$tmp/thewell.log" 2>&1 &
T=$!
trap 'kill $T $S 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$P1/healthz" >/dev/null && break; sleep 0.05; done

without=() with=()
for _ in $(seq "$ROUNDS"); do
  rm -f "$tmp/data/notify.json"; sleep 1.2
  without+=("$(rate)")
  "$BIN" --data-dir "$tmp/data" notify add contact --webhook "http://127.0.0.1:$P2/hook" >/dev/null; sleep 1.2
  with+=("$(rate)")
done
a=$(printf '%s\n' "${without[@]}" | median) b=$(printf '%s\n' "${with[@]}" | median)
echo "== durable submissions at 64 clients, median of $ROUNDS alternating rounds of $DUR =="
echo "no notification target:                         $a submissions/s (rounds: ${without[*]})"
echo "a webhook target whose server takes 2 s a call:  $b submissions/s (rounds: ${with[*]})"
awk -v a="$a" -v b="$b" 'BEGIN { printf "with the slow target: %.1f %% of the rate without (goal: within 10 %%)\n", 100 * b / a }'
"$BIN" --data-dir "$tmp/data" stats | sed -n '/notifications to/,/^$/p'
