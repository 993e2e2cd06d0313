"""An oracle for the sun and moon answers that shares no code with them: PyEphem (Debian's python3-ephem, libastro).

Usage: python3 astronomy_oracle.py < request.json > answer.json
request: [{"latitude": deg, "longitude": deg, "start": epoch_ms, "end": epoch_ms}, ...]
answer:  [{"sunrise": [epoch_ms, ...], "sunset": [...], "civil_begin": [...], ..., "moonrise": [...], "moonset": [...]}, ...]
Every event in [start, end). The conventions are the engine's: sunrise, sunset, moonrise and moonset are the upper
limb at -34' geometric altitude (refraction as a fixed 34', so PyEphem's own refraction is off: pressure 0);
twilights are the sun's centre at -6, -12 and -18 degrees without refraction.
"""
import json
import sys

import ephem

EPHEM_UNIX_EPOCH = 25567.5  # ephem.Date('1970/1/1')
MINUTE = 1 / 1440

EVENTS = {
    'sunrise': ('sun', 'rising', '-0:34', False),
    'sunset': ('sun', 'setting', '-0:34', False),
    'civil_begin': ('sun', 'rising', '-6', True),
    'civil_end': ('sun', 'setting', '-6', True),
    'nautical_begin': ('sun', 'rising', '-12', True),
    'nautical_end': ('sun', 'setting', '-12', True),
    'astronomical_begin': ('sun', 'rising', '-18', True),
    'astronomical_end': ('sun', 'setting', '-18', True),
    'moonrise': ('moon', 'rising', '-0:34', False),
    'moonset': ('moon', 'setting', '-0:34', False),
}


def to_ephem(ms):
    return ephem.Date(ms / 86400000 + EPHEM_UNIX_EPOCH)


def to_ms(date):
    return round((float(date) - EPHEM_UNIX_EPOCH) * 86400000)


def events(case, body_name, kind, horizon, use_center):
    observer = ephem.Observer()
    observer.lat = str(case['latitude'])
    observer.lon = str(case['longitude'])
    observer.elevation = 0
    observer.pressure = 0
    observer.horizon = horizon
    observer.date = to_ephem(case['start'])
    end = to_ephem(case['end'])
    body = ephem.Sun() if body_name == 'sun' else ephem.Moon()
    found = []
    while len(found) < 4:
        try:
            at = (observer.next_rising if kind == 'rising' else observer.next_setting)(body, use_center=use_center)
        except (ephem.AlwaysUpError, ephem.NeverUpError):
            break
        if at >= end:
            break
        found.append(to_ms(at))
        observer.date = at + MINUTE
    return found


def main():
    cases = json.load(sys.stdin)
    answer = [{name: events(case, *spec) for name, spec in EVENTS.items()} for case in cases]
    json.dump(answer, sys.stdout)


if __name__ == '__main__':
    main()
