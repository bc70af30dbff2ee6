#!/bin/bash
# thewell beside its anchors, in one run on this machine. Run from the
# checkout after `cargo build --release`:
#
#   bash tests/bench/compare.sh            # DUR=8s per measurement, ROUNDS=3
#
# Static: the home page, a hashed script and a 304 (If-None-Match) with wrk at 50 and
# 1,000 connections, thewell and nginx serving the same frontend/dist (brotli_static,
# gzip_static, sendfile, open_file_cache) in alternating rounds, the median req/s and
# p99 of each and the median of the rounds' ratios (a noisy machine cancels out). Default
# logging on (one line per request to a file, as a service's journal would take it).
# Durable submissions: POST /api/contact at 1, 16, 64 and 256 clients, every 201
# counted and checked against `thewell export`, beside SQLite's group commit (WAL,
# synchronous=FULL, 64 per transaction) on the same disk. RSS (and its anonymous part,
# what the server itself holds rather than pages of the executable) at rest once every
# page is compressed ahead, after each phase, and after 100,000, 300,000 and 500,000
# stored submissions (SUBMISSIONS=0 skips those). Then
# notify.sh: submissions with and without a slow notification target.
# Needs Debian's wrk nginx-light libnginx-mod-http-brotli-static python3.
set -u
source "$(dirname "$0")/lib.sh"
DIST=$root/frontend/dist
SUBMISSIONS=${SUBMISSIONS:-1}
needs "wrk nginx-light libnginx-mod-http-brotli-static python3 curl" wrk nginx python3 curl
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"
tmp=$(mktemp -d)
rss() { awk '/^VmRSS/{r=$2} /^RssAnon/{a=$2} END{printf "%.1f MB (%.1f MB anonymous)", r/1024, a/1024}' "/proc/$1/status"; }
P1=$(free) P2=$(free)

start_thewell() {
  data=${1:-$tmp/data}
  "$BIN" serve --addr 127.0.0.1:$P1 --data-dir "$data" --rate-burst 100000000 --rate-per-minute 100000000 >>"$tmp/thewell.log" 2>&1 &
  T=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$P1/healthz" >/dev/null && return; sleep 0.05; done
  echo "thewell did not start:"; cat "$tmp/thewell.log"; exit 1
}
start_thewell
# At rest: once every page is compressed ahead (the log says so), nothing asked of it.
for _ in $(seq 600); do grep -q 'every page compressed ahead' "$tmp/thewell.log" && break; sleep 0.1; done
sleep 3
echo "RSS of a fresh server at rest, every page compressed ahead: thewell $(rss $T)"
cat >"$tmp/nginx.conf" <<NGX
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes 2; pid $tmp/nginx.pid; error_log $tmp/nginx.err;
worker_rlimit_nofile 8192;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types; access_log off; sendfile on; tcp_nopush on;
  open_file_cache max=1000; gzip_static on; brotli_static on;
  server { listen 127.0.0.1:$P2 backlog=4096; root $DIST;
    location /assets/ { expires max; add_header Cache-Control "public, immutable"; }
    location / { try_files \$uri \$uri/index.html =404; add_header Cache-Control no-cache; } }
}
NGX
nginx -c "$tmp/nginx.conf" -p "$tmp" || exit 1
trap 'kill $T 2>/dev/null; kill $(cat $tmp/nginx.pid) 2>/dev/null; rm -rf "$tmp"' EXIT
sleep 0.5

asset=$(curl -s "http://127.0.0.1:$P1/" | grep -o '/assets/[^"]*\.js' | head -1)
etag1=$(curl -sI -H 'Accept-Encoding: br' "http://127.0.0.1:$P1/" | awk 'tolower($1)=="etag:"{print $2}' | tr -d '\r')
etag2=$(curl -sI -H 'Accept-Encoding: br' "http://127.0.0.1:$P2/" | awk 'tolower($1)=="etag:"{print $2}' | tr -d '\r')

# "req/s p99_ms" of one wrk run.
measure() {
  local out
  out=$(wrk -t2 -c"$1" -d"$DUR" --latency "${@:3}" "$2")
  local rps p99
  rps=$(awk '/Requests\/sec/{print $2}' <<<"$out")
  p99=$(awk '$1=="99%"{v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v*=1000}; print v}' <<<"$out")
  echo "${rps:-0} ${p99:-0}"
}
ratio() { python3 -c "print(f'{$1/$2:.2f}' if $2 else 'n/a')"; }


echo "== static (wrk -t2, $DUR each, median of $ROUNDS alternating rounds; thewell with its default log, nginx without) =="
printf '%-8s %6s %20s %20s %7s\n' "what" "conns" "thewell req/s p99" "nginx req/s p99" "ratio"
for conns in 50 1000; do
  for what in home asset 304; do
    case $what in
      home) path1=/ path2=/ extra1=() extra2=();;
      asset) path1=$asset path2=$asset extra1=() extra2=();;
      304) path1=/ path2=/ extra1=(-H "If-None-Match: $etag1") extra2=(-H "If-None-Match: $etag2");;
    esac
    ras=() pas=() rbs=() pbs=() ratios=()
    for _ in $(seq "$ROUNDS"); do
      read -r ra pa <<<"$(measure "$conns" "http://127.0.0.1:$P1$path1" -H 'Accept-Encoding: br, gzip' "${extra1[@]}")"
      read -r rb pb <<<"$(measure "$conns" "http://127.0.0.1:$P2$path2" -H 'Accept-Encoding: br, gzip' "${extra2[@]}")"
      ras+=("$ra") pas+=("$pa") rbs+=("$rb") pbs+=("$pb") ratios+=("$(ratio "$ra" "$rb")")
    done
    printf '%-8s %6s %11s %6sms %11s %6sms %7s\n' "$what" "$conns" \
      "$(printf '%s\n' "${ras[@]}" | median)" "$(printf '%s\n' "${pas[@]}" | median)" \
      "$(printf '%s\n' "${rbs[@]}" | median)" "$(printf '%s\n' "${pbs[@]}" | median)" \
      "$(printf '%s\n' "${ratios[@]}" | median)"
  done
done
sleep 3 # at rest, as below
echo "RSS after static load (1,000 connections closed): thewell $(rss $T), nginx $(rss "$(pgrep -P "$(cat "$tmp/nginx.pid")" | head -1)") per worker"

echo
echo "== durable submissions over HTTP (POST /api/contact, each answered once its commit is on disk) =="
anchor=$(python3 "$here/sqlite-durable.py" batch64 "${DUR%s}" "$tmp/anchor.db" | awk '/Requests\/sec/{print $2}')
echo "SQLite WAL synchronous=FULL, 64 per transaction, in process: $anchor inserts/s"
acked=0 inflight=0
for clients in 1 16 64 256; do
  inflight=$((inflight + clients))
  threads=$(( clients < 2 ? 1 : 2 ))
  out=$(wrk -t$threads -c$clients -d"$DUR" -s "$here/post-contact.lua" "http://127.0.0.1:$P1")
  rps=$(awk '/Requests\/sec/{print $2}' <<<"$out")
  ok=$(awk '/COUNT201/{print $2}' <<<"$out"); other=$(awk '/COUNTOTHER/{print $2}' <<<"$out")
  acked=$((acked + ok))
  printf '%4s clients: %9s submissions/s (%s stored, %s refused) ratio to SQLite %s\n' "$clients" "$rps" "$ok" "$other" "$(ratio "$rps" "$anchor")"
done
exported=$("$BIN" --data-dir "$tmp/data" export contact --format jsonl | wc -l)
# wrk stops with up to one request per client in flight: stored, never counted as answered.
if [ "$exported" -ge "$acked" ] && [ $((exported - acked)) -le $inflight ]; then
  echo "acknowledged $acked, exported $exported: every acknowledged one stored ($((exported - acked)) more were in flight when wrk stopped, at most $inflight)"
else
  echo "acknowledged $acked, exported $exported: MISMATCH"
fi
sleep 3
echo "RSS after the submissions: thewell $(rss $T)"

if [ "$SUBMISSIONS" != 0 ]; then
  echo
  echo "== memory as the database grows (a new database, filled at 256 clients) =="
  kill $T; wait $T 2>/dev/null
  start_thewell "$tmp/grow"
  for target in 100000 300000 500000; do
    have=$("$BIN" --data-dir "$tmp/grow" stats 2>/dev/null | awk '$1=="contact"{print $2}')
    while [ "${have:-0}" -lt $target ]; do
      wrk -t2 -c256 -d3s -s "$here/post-contact.lua" "http://127.0.0.1:$P1" >/dev/null
      have=$("$BIN" --data-dir "$tmp/grow" stats 2>/dev/null | awk '$1=="contact"{print $2}')
    done
    sleep 3 # at rest: what the server keeps, not what a burst holds for a moment
    echo "RSS with $have stored submissions: thewell $(rss $T) (database $(du -m "$tmp/grow/thewell.redb" 2>/dev/null | cut -f1) MB)"
  done
fi

echo
DUR=$DUR ROUNDS=$ROUNDS bash "$here/notify.sh"

echo
echo "binary: $(( $(stat -c %s "$BIN") / 1024 / 1024 )) MB ($(stat -c %s "$BIN") bytes)"
kill $T; wait $T 2>/dev/null
# Polled from one process every 0.5 ms (a curl per try would add its own start-up),
# five starts, each on a new data directory, after the disk has settled.
sync; sleep 2
python3 - "$BIN" "$P1" "$tmp" <<'PY'
import shutil, socket, subprocess, sys, time
binary, port, tmp = sys.argv[1], int(sys.argv[2]), sys.argv[3]
times = []
for i in range(5):
    data = f"{tmp}/cold{i}"
    start = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--addr", f"127.0.0.1:{port}", "--data-dir", data],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if b" 200 " in s.recv(64):
                    break
        except OSError:
            time.sleep(0.0005)
    times.append((time.perf_counter() - start) * 1000)
    server.terminate(); server.wait(); shutil.rmtree(data, ignore_errors=True)
    time.sleep(0.3)
print("cold start to the first /healthz 200, new data directory: median %.1f ms (%s)"
      % (sorted(times)[2], ", ".join("%.1f" % t for t in times)))
PY
