// Every relative link in README.md and docs/*.md points to a file of the repository, and a link to a heading of a
// Markdown file (`file.md#heading`) to a heading it has (GitHub's anchors: lower case, punctuation dropped, spaces as -).
// Part of `npm run lint`, so moving or renaming a file that the documentation links to fails at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The links of a Markdown text, outside code blocks and code spans: `[text](target)`. */
export function linksOf(markdown) {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
}

/** GitHub's anchor for a heading. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(file) {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1])));
}

test('the anchor of a heading is the one GitHub makes', () => {
  assert.equal(anchorOf("The sold API's request path"), 'the-sold-apis-request-path');
  assert.equal(anchorOf('Health, readiness and shutdown'), 'health-readiness-and-shutdown');
  assert.deepEqual(linksOf('[a](docs/x.md) `[b](no.md)` [c](https://example.com)'), ['docs/x.md', 'https://example.com']);
});

for (const document of documents) {
  test(`every relative link in ${document} points to an existing file`, () => {
    const broken = [];
    for (const link of linksOf(readFileSync(join(root, document), 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
      const [path, anchor] = link.split('#');
      const target = path === '' ? join(root, document) : join(root, dirname(document), decodeURIComponent(path));
      if (!existsSync(target)) {
        broken.push(`${link} (no ${relative(root, target)})`);
      } else if (anchor && target.endsWith('.md') && !anchorsIn(target).has(anchor)) {
        broken.push(`${link} (no heading #${anchor} in ${relative(root, target)})`);
      }
    }
    assert.deepEqual(broken, [], `${document} links to what is not there`);
  });
}
