// `npm run build -w backend`: src/ to dist/ through SWC with the .swcrc Jest runs the specs with, so the server that
// runs is compiled as the one the specs test. SWC only strips types (tsconfig's isolatedModules holds each file to
// that); `npm run typecheck` checks them. tsc took 35-60 s here on 2 cores; this takes a few seconds.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';

const backend = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(backend, 'src');
const dist = join(backend, 'dist');
const swcrc = JSON.parse(await readFile(join(backend, '.swcrc'), 'utf8'));
delete swcrc.$schema;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const sources = [];
for await (const path of files(src)) sources.push(path);

const written = new Set();
async function compile(path) {
  const out = join(dist, relative(src, path)).replace(/\.ts$/, '.js');
  const { code, map } = await transformFile(path, {
    ...swcrc,
    swcrc: false,
    configFile: false,
    filename: path,
    sourceMaps: true,
    sourceFileName: relative(dirname(out), path),
  });
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${code}\n//# sourceMappingURL=${out.slice(dirname(out).length + 1)}.map\n`);
  await writeFile(`${out}.map`, map ?? '');
  written.add(out);
  written.add(`${out}.map`);
}

const queue = [...sources];
await Promise.all(
  Array.from({ length: 8 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await compile(next);
  }),
);

// What an earlier build wrote for a source that is gone (a renamed file) goes too, as a fresh checkout would not have it.
async function prune(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await prune(path);
    else if (!written.has(path) && /\.(js|js\.map|d\.ts|d\.ts\.map)$/.test(entry.name)) await rm(path, { force: true });
  }
}
if ((await stat(dist).catch(() => null))?.isDirectory()) await prune(dist);
console.log(`backend: ${sources.length} files compiled to dist/`);
