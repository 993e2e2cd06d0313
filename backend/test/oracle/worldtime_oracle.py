"""An oracle for WorldTimeAPI's time fields that shares no code with the engine: Python's zoneinfo over the system's
tz data (Debian's tzdata).

Usage: python3 worldtime_oracle.py < request.json > answer.json
request: {"zones": [...], "instants": [epoch milliseconds, ...]}
answer:  {zone: [{"datetime", "utc_offset", "raw_offset", "dst_offset", "dst_from", "dst_until"}, ...]}  # one per instant
dst_from and dst_until: where dst() last became and next stops being non-zero around the instant, found by stepping an
hour at a time (at most two years each way) and bisecting to the second; null outside DST.
"""
import json
import sys
import zoneinfo
from datetime import datetime, timedelta, timezone

HOUR = 3600
REACH = 2 * 366 * 24 * HOUR


def dst_seconds(tz, t):
    return int(datetime.fromtimestamp(t, tz).dst().total_seconds())


def edge(tz, t, step):
    """The first second (stepping by `step` from t, which is in DST) that is not in DST; None beyond reach."""
    inside = t
    outside = t + step
    while dst_seconds(tz, outside) != 0:
        inside = outside
        outside += step
        if abs(outside - t) > REACH:
            return None
    lo, hi = sorted((inside, outside))
    # Bisect to the transition second: lo and hi differ in DST.
    lo_dst = dst_seconds(tz, lo) != 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if (dst_seconds(tz, mid) != 0) == lo_dst:
            lo = mid
        else:
            hi = mid
    return hi


def utc_text(t):
    return datetime.fromtimestamp(t, timezone.utc).strftime('%Y-%m-%dT%H:%M:%S+00:00')


def offset_text(seconds):
    sign = '-' if seconds < 0 else '+'
    seconds = abs(seconds)
    return f'{sign}{seconds // 3600:02d}:{seconds // 60 % 60:02d}'


def answer(tz, ms):
    local = datetime.fromtimestamp(ms / 1000, timezone.utc).astimezone(tz)
    offset = int(local.utcoffset().total_seconds())
    dst = int(local.dst().total_seconds())
    t = ms // 1000
    start = edge(tz, t, -HOUR) if dst else None
    end = edge(tz, t, HOUR) if dst else None
    return {
        'datetime': local.strftime('%Y-%m-%dT%H:%M:%S.%f') + offset_text(offset),
        'utc_offset': offset_text(offset),
        'raw_offset': offset - dst,
        'dst_offset': dst,
        'dst_from': utc_text(start) if start is not None else None,
        'dst_until': utc_text(end) if end is not None else None,
    }


def main():
    request = json.load(sys.stdin)
    out = {}
    for name in request['zones']:
        tz = zoneinfo.ZoneInfo(name)
        out[name] = [answer(tz, ms) for ms in request['instants']]
    json.dump(out, sys.stdout)


if __name__ == '__main__':
    main()
