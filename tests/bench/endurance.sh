#!/bin/bash
# The off-site tests at full scale (tests/offsite.rs's `Scale`; the suite runs them
# small): five rounds of a one-minute flood by 8 clients over all seven forms, each
# ended by a SIGKILL, the data directory deleted and restored, the next round serving
# the restored site (by the fourth round the copy's base unpacks past the 512 MiB a
# restore takes by default); the bucket down two minutes under traffic; a 24 MB
# object sent steadily over 70 s, longer in all than the 60-second stall limit.
# About 8 minutes on a 2-core machine. Run from the checkout:
#
#   bash tests/bench/endurance.sh
#
# Needs what the suite's off-site tests need (Debian's age; s3s-fs, installed into
# ~/.cache/thewell-tools on first use). Prints each round's figures and the verdicts.
set -u
cd "$(dirname "$0")/../.."
THEWELL_ENDURANCE=1 cargo test --release --test all -- --nocapture \
  offsite::a_busy_site_flooded offsite::a_bucket_down_for_long offsite::a_hostile_endpoint 2>&1 |
  grep -E '^round |^bucket down|object over|^a 1 |^an endless|^the copier|^test |^test result|panicked|missing'
exit "${PIPESTATUS[0]}"
