// Prints the gzipped size of the JavaScript the landing page loads first, and fails above the budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const BUDGET_KB = 250;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('report-size: no entry chunk in the Vite manifest');
  process.exit(1);
}

// The entry chunk and every chunk it imports statically: what the browser must load before the landing page renders.
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entryKey);

let raw = 0;
let gzipped = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  const bytes = readFileSync(join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += gz;
  rows.push(`  ${file.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB  ${(gz / 1024).toFixed(1).padStart(7)} KB gz`);
}
console.log('Landing page initial JavaScript:');
console.log(rows.join('\n'));
const kb = gzipped / 1024;
console.log(`Total: ${(raw / 1024).toFixed(1)} KB, ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`report-size: the landing page's initial JavaScript is ${kb.toFixed(1)} KB gzipped, over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
