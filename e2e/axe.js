// axe-core's audit of the screen a journey is on (e2e/look.js sweeps every route with its own, fuller report).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { animationsDone } from './lib.js';

let axeSource;

/** axe-core's serious and critical violations on the page once its animations have settled (e2e/look.js audits every route the same way). */
export async function seriousAxeFindings(page) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await animationsDone(page);
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(axeSource);
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The same, in the light and the dark theme (the console follows the system's preference, as e2e/look.js emulates it). */
export async function seriousAxeFindingsLightAndDark(page) {
  const findings = [];
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator(`html[data-color-scheme="${scheme}"]`).waitFor({ state: 'attached' });
    findings.push(...(await seriousAxeFindings(page)).map((f) => `${scheme}: ${f}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
}
