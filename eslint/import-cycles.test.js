// No import loops: every relative import (type-only ones too) of the backend, the frontend and the packages, as a
// graph of files, has no cycle. An outside check (farm-studio look) reads the house the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './boundaries.js';

const TREES = ['backend/src', 'frontend/src', 'packages/shared/src', 'packages/client/src'];
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIP = /(\.d\.ts|\.spec\.tsx?|\.test\.tsx?)$/;
// `import … from './x'`, `export … from './x'`, `import './x'` and `import('./x')`: the specifier of each.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (SOURCE.test(name) && !SKIP.test(name)) out.push(path);
  }
  return out;
}

/** The file an import names: TypeScript's resolution of a relative specifier (`.js` written for a `.ts` file too). */
function target(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Tarjan's strongly connected components of more than one file (or a file importing itself). */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

test('no import loops in backend, frontend or packages', () => {
  const graph = new Map();
  for (const tree of TREES) {
    const dir = join(ROOT, tree);
    if (!existsSync(dir)) continue;
    for (const file of files(dir)) {
      const edges = new Set();
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const to = target(file, specifier);
        if (to) edges.add(to);
      }
      graph.set(file, edges);
    }
  }
  assert.ok(graph.size > 500, `read only ${graph.size} files`);
  const loops = cycles(graph).map((component) => component.map((file) => relative(ROOT, file)).sort());
  assert.deepEqual(loops, [], `import loops:\n${loops.map((loop) => `  ${loop.join(' <-> ')}`).join('\n')}`);
});
