import { execFileSync } from 'node:child_process';

/** zic (Debian's libc-bin), where the machine has it: the path of the binary, or undefined. */
export function findZic(): string | undefined {
  return ['/usr/sbin/zic', '/usr/bin/zic', '/sbin/zic'].find((p) => {
    try {
      execFileSync(p, ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

/** Whether python3 with its zoneinfo module is on the PATH. */
export function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import zoneinfo'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A fixed-seed generator of numbers in [0, 1), so a failure names instants that can be checked again. (The copy the
 * tz oracle had yielded a signed value, in [-0.5, 0.5): half of its "1900–2200" instants fell before 1900 and none
 * after 2050, so the carried-forward rules past 2100 were never asked.)
 */
export function* seeded(seed: number): Generator<number> {
  let x = seed >>> 0;
  for (;;) {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    x ^= x >>> 13;
    yield (x >>> 0) / 2 ** 32;
  }
}
