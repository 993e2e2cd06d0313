import { generate, generateSecret } from 'otplib';

const PERIOD_S = 30;
/** The last time step each secret gave a code for, so no two sign-ins of a test reuse a code (the server refuses replays). */
const lastStep = new Map<string, number>();

export function newTestTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/**
 * A code the server will accept now and that this test process has not used before: the current step's, else the
 * next step's (inside the server's one-step tolerance), else one of a later step once the clock has got there. A test
 * whose app runs in this process freezes the clock (freezeClock) and passes `advance` (advanceClock): the clock is
 * moved on instead of waited for. For a server in another process the real clock is waited for (at most one step).
 */
export async function totpCode(secret: string, options: { advance?: (ms: number) => void } = {}): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / 1000 / PERIOD_S);
    const step = Math.max(current, (lastStep.get(secret) ?? -1) + 1);
    if (step <= current + 1) {
      lastStep.set(secret, step);
      return generate({ secret, epoch: step * PERIOD_S });
    }
    const untilInTolerance = (step - 1) * PERIOD_S * 1000 - Date.now() + 100;
    if (options.advance) options.advance(untilInTolerance);
    else await new Promise((resolve) => setTimeout(resolve, untilInTolerance));
  }
}

/** Six digits that are not a valid code for the secret anywhere near now. */
export async function wrongTotpCode(secret: string): Promise<string> {
  const current = Math.floor(Date.now() / 1000 / PERIOD_S);
  const near = await Promise.all([-2, -1, 0, 1, 2].map((d) => generate({ secret, epoch: (current + d) * PERIOD_S })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}
