"""Offsets before 1970 from Python's zoneinfo over the system's tz data (Debian's tzdata: a backzone build, whose
tzdata.zi says "# ddeps backzone zone.tab"); it shares no code with the engine.

Usage: python3 history_oracle.py < request.json > answer.json
request: {"zones": [...], "instants": [epoch milliseconds, ...]}
answer:  {"backzone": bool, zone: ["+HH:MM[:SS]", ...]}  # one UT offset per instant
"""
import json
import sys
import zoneinfo
from datetime import datetime, timedelta, timezone


def text(offset):
    seconds = int(offset.total_seconds())
    sign = '-' if seconds < 0 else '+'
    seconds = abs(seconds)
    hm = f"{sign}{seconds // 3600:02d}:{seconds // 60 % 60:02d}"
    return f"{hm}:{seconds % 60:02d}" if seconds % 60 else hm


def is_backzone_build():
    for root in zoneinfo.TZPATH:
        try:
            with open(f"{root}/tzdata.zi") as zi:
                return any(line.startswith('# ddeps') and 'backzone' in line for line in zi.readlines()[:5])
        except OSError:
            continue
    return False


request = json.load(sys.stdin)
epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
answer = {"backzone": is_backzone_build()}
for zone in request["zones"]:
    tz = zoneinfo.ZoneInfo(zone)
    answer[zone] = [text((epoch + timedelta(milliseconds=ms)).astimezone(tz).utcoffset()) for ms in request["instants"]]
json.dump(answer, sys.stdout)
