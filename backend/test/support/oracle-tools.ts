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
