// The public meeting planner: a visitor adds New York, London and Tokyo, sees the three days side by side and the
// best compromises (no hour is inside all three working days), copies a slot as text, and the page passes axe-core
// at 1280 and 390 px in the light and the dark theme. It calls the site's keyless planner path, not the sold route.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BASE_URL, collectConsoleErrors, launch, screenshot, until } from '../lib.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CITIES = [
  ['New York', 'America/New_York'],
  ['London', 'Europe/London'],
  ['Tokyo', 'Asia/Tokyo'],
];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function seriousFindings(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(axeSource);
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order' || v.id === 'page-has-heading-one')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

test('a visitor adds three cities, copies a slot, and the planner passes axe in both themes at 1280 and 390 px', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = collectConsoleErrors(page);
  const planned = [];
  page.on('request', (r) => r.url().includes('/meeting-slots') && planned.push(new URL(r.url()).pathname));

  await page.goto('/meeting-planner?from=2027-03-15&days=5&duration=60');
  await page.getByRole('heading', { level: 1, name: 'Meeting planner' }).waitFor();
  await page.getByTestId('planner-empty').waitFor();
  for (const [city, zone] of CITIES) {
    await page.getByTestId('city-search').fill(city);
    await page.getByRole('option', { name: new RegExp(`^${city}, .*\\(${zone}\\)$`) }).click();
    await page.getByTestId('participants').getByText(zone).waitFor();
  }
  assert.match(decodeURIComponent(page.url()), /zones=America\/New_York,Europe\/London,Asia\/Tokyo/);
  await page.getByTestId('planner-no-overlap').waitFor();
  await until(async () => (await page.getByTestId('planner-slot').count()) > 0, { what: 'the best slots' });
  assert.equal(await page.getByTestId('strip').count(), 3);
  assert.ok(planned.length > 0 && planned.every((p) => p === '/api/public/planner/meeting-slots'), 'the page asks the keyless planner path');

  await page.getByTestId('copy-slot').first().click();
  await page.getByText('Copied to the clipboard').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /^Meeting \(60 min\), 2027-03-\d\d \d\d:\d\d UTC\nNew York: .+\nLondon: .+\nTokyo: .+$/);

  // The state is in the URL: the same address shows the same planner.
  const shared = page.url();
  const again = await context.newPage();
  await again.goto(shared);
  await until(async () => (await again.getByTestId('strip').count()) === 3, { what: 'the shared planner' });
  await again.close();

  const findings = [];
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      assert.equal(await page.locator('html').getAttribute('data-color-scheme'), scheme);
      for (const f of await seriousFindings(page)) findings.push(`${width} ${scheme}: ${f}`);
      await screenshot(page, `planner-${width}-${scheme}`);
      // At phone width nothing but the strips' own scroller scrolls sideways.
      if (width === 390) assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scroll at 390 px');
    }
  }
  assert.deepEqual(findings, []);
  assert.deepEqual(errors, []);
  await context.close();
});
