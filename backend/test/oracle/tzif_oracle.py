"""An oracle for the tz engine that shares no code with it: TZif files that zic(8) built, read here.

Usage: python3 tzif_oracle.py TZIF_DIR FROM_EPOCH TO_EPOCH < request.json > answer.json
request: {"zones": [...], "instants": [epoch seconds, ...]}
answer:  {zone: {"transitions": [[at, utoff, isdst, abbr], ...],   # real changes in [FROM, TO)
                 "instants": [[utoff, isdst, abbr], ...]}}        # one per requested instant
Transitions come from the TZif v2 data block; instants from Python's zoneinfo (offset, abbreviation), with isdst
from the file's own type table inside its transition range and from zoneinfo's POSIX-rule reading after it.
"""
import bisect
import json
import struct
import sys
import zoneinfo
from datetime import datetime, timedelta

NO_DST = timedelta(0)


def read_tzif(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:4] != b'TZif':
        raise ValueError(f'{path}: not a TZif file')
    version = data[4:5]

    def counts(offset):
        return struct.unpack('>6l', data[offset + 20:offset + 44])

    isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt = counts(0)
    offset = 44
    if version >= b'2':
        offset += timecnt * 4 + timecnt + typecnt * 6 + charcnt + leapcnt * 8 + isstdcnt + isutcnt
        isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt = counts(offset)
        offset += 44
        size = 8
    else:
        size = 4
    fmt = '>%d%s' % (timecnt, 'q' if size == 8 else 'l')
    times = list(struct.unpack(fmt, data[offset:offset + timecnt * size]))
    offset += timecnt * size
    idx = list(data[offset:offset + timecnt])
    offset += timecnt
    types = []
    for i in range(typecnt):
        utoff, isdst, abbrind = struct.unpack('>lBB', data[offset + i * 6:offset + i * 6 + 6])
        types.append((utoff, isdst, abbrind))
    offset += typecnt * 6
    chars = data[offset:offset + charcnt]

    def abbr(i):
        end = chars.index(b'\0', i)
        return chars[i:end].decode('ascii')

    types = [(u, bool(d), abbr(a)) for (u, d, a) in types]
    return times, [types[i] for i in idx], types[0]


def main():
    tzif_dir, lo, hi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    request = json.load(sys.stdin)
    out = {}
    for zone in request['zones']:
        path = f'{tzif_dir}/{zone}'
        times, after, first = read_tzif(path)
        transitions = []
        prev = first
        for at, t in zip(times, after):
            if t != prev and lo <= at < hi:
                transitions.append([at, t[0], t[1], t[2]])
            prev = t
        with open(path, 'rb') as f:
            zi = zoneinfo.ZoneInfo.from_file(f, key=zone)
        answers = []
        for s in request['instants']:
            # zoneinfo's fromutc, as astimezone from UTC, without building two datetimes per instant first
            dt = datetime.fromtimestamp(s, zi)
            utoff = int(dt.utcoffset().total_seconds())
            if times and s < times[-1]:
                i = bisect.bisect_right(times, s)
                isdst = (after[i - 1] if i > 0 else first)[1]
            else:
                isdst = dt.dst() != NO_DST
            answers.append([utoff, bool(isdst), dt.tzname()])
        out[zone] = {'transitions': transitions, 'instants': answers}
    # One string through the C encoder: json.dump to a stream encodes in Python, one write per token
    sys.stdout.write(json.dumps(out))


main()
