import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { types } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import type { CompiledTransitions } from './zic-compiler.js';

/** By zone name: its definition (its lines and rules, hashed) and its compiled transitions. */
export type CompiledZones = Map<string, [definition: string, transitions: CompiledTransitions]>;

/** The sources whose code decides a definition or a compiled zone: a change to any of them is another key. */
const COMPILER_MODULES = ['compile-release', 'release-files', 'zic-compiler', 'zic-source'];

/** Files kept in the folder, newest first. */
const KEPT_FILES = 4;

let compilerFingerprint: string | null | undefined;

/** A hash of the compiler's own source (src/*.ts under Jest, dist/*.js when built), or null when it can't be read. */
function fingerprint(): string | null {
  if (compilerFingerprint !== undefined) return compilerFingerprint;
  const here = fileURLToPath(import.meta.url);
  const hash = createHash('sha256');
  try {
    for (const name of COMPILER_MODULES) hash.update(readFileSync(join(dirname(here), `${name}${extname(here)}`)));
    compilerFingerprint = hash.digest('hex');
  } catch {
    compilerFingerprint = null;
  }
  return compilerFingerprint;
}

/**
 * A build's zones as an earlier process compiled them, in a file named by the build's zic source, the compiled range
 * and the compiler's own source. Every process that answers times (each test file, each server a test starts, each
 * instance of a deployment) compiled the same bundled release again: about 0.3 s of CPU on an idle machine, where
 * reading the zones back takes about 10 ms. A file that is missing, unreadable or not written only means compiling.
 */
export class CompiledZonesCache {
  private readonly path: string | null;

  constructor(sources: [name: string, text: string][], throughYear: number, dir: string) {
    const code = fingerprint();
    if (!code) {
      this.path = null;
      return;
    }
    const hash = createHash('sha256').update(`${code}\n${throughYear}\n`);
    for (const [name, text] of sources) hash.update(`${name}\n${text.length}\n`).update(text);
    this.path = join(dir, `${hash.digest('hex')}.v8`);
  }

  read(): CompiledZones | null {
    if (!this.path) return null;
    try {
      const zones: unknown = deserialize(readFileSync(this.path));
      // isMap, not instanceof: under Jest the module runs in a realm of its own, and node:v8 makes its Map in Node's.
      return types.isMap(zones) ? (zones as CompiledZones) : null;
    } catch {
      return null;
    }
  }

  /**
   * Written whole under another name and renamed, so a process reading at the same time finds the old file or the new.
   * Each change to the compiler's source is a new file: the few newest stay (Jest's processes run src/, the servers a
   * test starts run dist/), older ones go.
   */
  write(zones: CompiledZones): void {
    if (!this.path) return;
    const dir = dirname(this.path);
    const partial = `${this.path}.${process.pid}.partial`;
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(partial, serialize(zones));
      renameSync(partial, this.path);
      const kept = readdirSync(dir)
        .filter((name) => name.endsWith('.v8'))
        .map((name) => ({ path: join(dir, name), at: statSync(join(dir, name)).mtimeMs }))
        .sort((a, b) => b.at - a.at);
      for (const old of kept.slice(KEPT_FILES)) rmSync(old.path, { force: true });
    } catch {
      rmSync(partial, { force: true });
    }
  }
}
