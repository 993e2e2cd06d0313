/** Guides live as markdown in docs-site/guides and are bundled at build time. */
const sources = import.meta.glob('../../../../docs-site/guides/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export type GuideLevel = 'Beginner' | 'Intermediate' | 'Advanced';

export interface Guide {
  slug: string;
  title: string;
  category: string;
  level: GuideLevel;
  summary: string;
  readMinutes: number;
  overview: string;
  keyTopics: string[];
  tips: string[];
  code: string;
  codeLanguage: string;
  markdown: string;
}

const WORDS_PER_MINUTE = 200;

function listItems(block: string): string[] {
  return block
    .split('\n')
    .filter((l) => l.trim().startsWith('- '))
    .map((l) => l.trim().slice(2).replace(/`/g, ''));
}

export function parseGuide(slug: string, markdown: string): Guide {
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  const meta: Record<string, string> = {};
  for (const line of (fm?.[1] ?? '').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  const body = fm ? markdown.slice(fm[0].length) : markdown;
  const sections: Record<string, string> = {};
  for (const part of body.split(/^## /m).slice(1)) {
    const nl = part.indexOf('\n');
    sections[part.slice(0, nl).trim().toLowerCase()] = part.slice(nl + 1).trim();
  }
  const codeMatch = /```(\w*)\n([\s\S]*?)```/.exec(sections['code example'] ?? '');
  const words = body.split(/\s+/).filter(Boolean).length;
  return {
    slug,
    title: meta.title ?? slug,
    category: meta.category ?? 'Guide',
    level: (meta.level as GuideLevel) ?? 'Beginner',
    summary: meta.summary ?? '',
    readMinutes: Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)),
    overview: (sections.overview ?? '').replace(/`/g, ''),
    keyTopics: listItems(sections['key topics'] ?? ''),
    tips: listItems(sections.tips ?? ''),
    code: codeMatch?.[2].trimEnd() ?? '',
    codeLanguage: codeMatch?.[1] || 'text',
    markdown,
  };
}

export const guides: Guide[] = Object.entries(sources)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, md]) => parseGuide(path.split('/').pop()!.replace(/^\d+-/, '').replace(/\.md$/, ''), md));

/** The host the guides' code is written against in docs-site/guides; shown and downloaded as this server's APP_URL. */
export const GUIDE_HOST = 'https://api.example.com';

export function withHost(guide: Guide, origin: string): Guide {
  if (!origin) return guide;
  return { ...guide, code: guide.code.replaceAll(GUIDE_HOST, origin), markdown: guide.markdown.replaceAll(GUIDE_HOST, origin) };
}

/** Saves the guide's markdown as a .md file. */
export function downloadGuide(guide: Guide) {
  const blob = new Blob([guide.markdown], { type: 'text/markdown;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${guide.slug}.md`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
