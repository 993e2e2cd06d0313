"""An oracle for the planning answers that shares no code with them: python-dateutil's rrule and Python's zoneinfo,
reading TZif files that zic(8) built from the same release.

Usage: python3 planning_oracle.py TZIF_DIR < request.json > answer.json
request: {"rules": [{"text": RFC 5545 rule set, "zone": name}, ...],
          "atLocalTime": [{"at": epoch_ms, "zones": [...]}, ...],
          "slots": [{"participants": [zone, ...], "start": epoch_ms, "end": epoch_ms, "step": minutes, "duration": minutes}]}
answer:  {"rules": [[[wall "YYYY-MM-DDTHH:MM:SS", epoch_ms, utc offset seconds], ...] or {"error": text}, ...],
          "atLocalTime": [{zone: "HH:MM"}, ...],
          "slots": [[[start_ms, [minutes outside per participant], worst midday distance], ...], ...]}
Working hours in the slot search are 09:00-17:00, Monday to Friday, as the API's default; every candidate is scored.
"""
import json
import sys
import zoneinfo
from datetime import datetime, timedelta, timezone

from dateutil.rrule import rrulestr

zoneinfo.reset_tzpath([sys.argv[1]])
UTC = timezone.utc


def zone(name):
    return zoneinfo.ZoneInfo(name)


def expand(rule):
    try:
        tz = zone(rule['zone'])
        found = rrulestr(rule['text'], forceset=True, tzids=lambda name: zone(name))
        out = []
        for dt in found:
            dt = dt.replace(tzinfo=tz) if dt.tzinfo is None else dt
            out.append([dt.replace(tzinfo=None).isoformat(), round(dt.timestamp() * 1000), int(dt.utcoffset().total_seconds())])
        return out
    except Exception as err:  # noqa: BLE001 - the error text is the answer
        return {'error': f'{type(err).__name__}: {err}'}


def at_local_time(case):
    at = datetime.fromtimestamp(case['at'] / 1000, UTC)
    return {name: at.astimezone(zone(name)).strftime('%H:%M') for name in case['zones']}


def local_instant(tz, date, minutes):
    """The instant of a wall-clock reading, fold=0 (a time in a gap read with the offset before it)."""
    wall = datetime(date.year, date.month, date.day) + timedelta(minutes=minutes)
    return wall.replace(tzinfo=tz).timestamp() * 1000


def slots(case):
    zones = [zone(name) for name in case['participants']]
    step = case['step'] * 60_000
    duration = case['duration'] * 60_000
    out = []
    at = case['start']
    while at + duration <= case['end']:
        outside = []
        distances = []
        for tz in zones:
            local = datetime.fromtimestamp(at / 1000, UTC).astimezone(tz)
            day = local.date()
            start, end = local_instant(tz, day, 9 * 60), local_instant(tz, day, 17 * 60)
            inside = 0 if day.weekday() >= 5 else max(0, min(at + duration, end) - max(at, start))
            outside.append(round((duration - inside) / 60_000))
            distances.append(round(abs(at + duration / 2 - local_instant(tz, day, 13 * 60)) / 60_000))
        out.append([at, outside, max(distances)])
        at += step
    return out


request = json.load(sys.stdin)
json.dump(
    {
        'rules': [expand(r) for r in request.get('rules', [])],
        'atLocalTime': [at_local_time(c) for c in request.get('atLocalTime', [])],
        'slots': [slots(c) for c in request.get('slots', [])],
    },
    sys.stdout,
)
