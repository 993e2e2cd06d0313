"""An oracle for the impact check that shares no code with the API: TZif files zic(8) built from two releases, read
by Python's zoneinfo.

Usage: python3 impact_oracle.py TZIF_DIR_FROM TZIF_DIR_TO < request.json > answer.json
request: {"events": [[localDateTime, zone], ...], "instants": [[epochSeconds, zone], ...]}
answer:  {"events": [[utcEpochFrom, utcEpochTo], ...],      # a wall-clock time read with fold=0 (PEP 495), which
                                                           # for gaps and overlaps is Temporal's "compatible"
          "instants": [[offsetFrom, offsetTo], ...]}        # UTC offset in seconds at the instant
"""
import json
import os
import sys
import zoneinfo
from datetime import datetime, timezone


def main():
    dirs = sys.argv[1:3]
    request = json.load(sys.stdin)
    cache = {}

    def zone(d, name):
        key = (d, name)
        if key not in cache:
            with open(os.path.join(d, name), 'rb') as f:
                cache[key] = zoneinfo.ZoneInfo.from_file(f, key=name)
        return cache[key]

    events = []
    for local, name in request.get('events', []):
        naive = datetime.fromisoformat(local)
        events.append([int(naive.replace(tzinfo=zone(d, name), fold=0).timestamp()) for d in dirs])
    instants = []
    for epoch, name in request.get('instants', []):
        at = datetime.fromtimestamp(epoch, tz=timezone.utc)
        instants.append([int(at.astimezone(zone(d, name)).utcoffset().total_seconds()) for d in dirs])
    json.dump({'events': events, 'instants': instants}, sys.stdout)


main()
