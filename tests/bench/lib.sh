# What the benchmark scripts share (sourced, after `set -u`): where things are, the
# run's length and rounds, a check for the tools they need, a free port, the
# median of numbers on stdin, and wrk's submissions per second against $P1.
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
root=$(cd "$here/../.." && pwd)
BIN=${THEWELL_BIN:-$root/target/release/thewell}
DUR=${DUR:-8s}
ROUNDS=${ROUNDS:-3}

# needs "<apt packages>" tool...: stops with the line to install what is missing.
needs() {
  local packages=$1
  shift
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install $packages"; exit 1; }
  done
  [ -x "$BIN" ] || { echo "missing $BIN: cargo build --release"; exit 1; }
}
free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# The middle value (the mean of the two middle ones for an even count).
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# Durable submissions per second: POST /api/contact from 64 clients for $DUR.
rate() { wrk -t2 -c64 -d"$DUR" -s "$here/post-contact.lua" "http://127.0.0.1:$P1" | awk '/Requests\/sec/{print $2}'; }
