"""The occurrences a calendar file holds between two instants, read by an independent
parser (Debian's python3-icalendar and python3-recurring-ical-events, which apply
RRULE, EXDATE and RECURRENCE-ID as calendar apps do): a JSON list of
{"start": UTC ISO, "rule": its RRULE's FREQ and BYDAY, "location": …}, soonest first.

Usage: /usr/bin/python3 ics_occurrences.py FROM TO < file.ics   (FROM, TO: 2026-11-18T00:00:00Z)
"""
import datetime
import json
import sys

import icalendar
import recurring_ical_events


def instant(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)


calendar = icalendar.Calendar.from_ical(sys.stdin.read())
rules = {}
for event in calendar.walk("VEVENT"):
    if "RRULE" in event:
        rule = event["RRULE"]
        rules[str(event["UID"])] = ";".join(f"{k}={','.join(str(v) for v in rule[k])}" for k in ("FREQ", "BYDAY") if k in rule)
found = []
for event in recurring_ical_events.of(calendar).between(instant(sys.argv[1]), instant(sys.argv[2])):
    start = event["DTSTART"].dt.astimezone(datetime.timezone.utc)
    found.append({
        "start": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "rule": rules.get(str(event["UID"]), ""),
        "location": str(event.get("LOCATION", "")),
    })
found.sort(key=lambda o: o["start"])
print(json.dumps(found))
