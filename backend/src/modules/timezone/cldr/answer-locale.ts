import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Problems } from '../../../common/problems/problem.js';
import { DEFAULT_LOCALE, lookupLocale, resolveLocale } from './cldr-data.js';

/** A BCP 47 tag's shape (en, fr, pt-BR, zh-Hant-TW, sr-Latn; underscores accepted). */
const TAG = /^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8}){0,5}$/;

/** Accept-Language's tags, best first (q-values read; `*` and q=0 dropped). */
function acceptedTags(header: string): string[] {
  const tags: { tag: string; q: number; at: number }[] = [];
  header.split(',').forEach((part, at) => {
    const [tag, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (tag && tag !== '*' && TAG.test(tag) && q > 0) tags.push({ tag, q, at });
  });
  return tags.sort((a, b) => b.q - a.q || a.at - b.at).map((t) => t.tag);
}

/** The locale of a `lang` value (REST's query, an MCP tool's argument): null when absent, 400 when no language tag. */
export function langLocale(lang: unknown): string | null {
  if (lang === undefined || lang === null || lang === '') return null;
  if (typeof lang !== 'string' || !TAG.test(lang)) {
    throw Problems.validation([{ field: 'lang', message: 'lang must be a BCP 47 language tag such as en, fr, ja or pt-BR' }]);
  }
  return resolveLocale(lang);
}

/** The locale of an MCP tool's `lang` argument: as langLocale(), English when absent (a tool has no Accept-Language). */
export function toolLocale(lang: unknown): string {
  return langLocale(lang) ?? DEFAULT_LOCALE;
}

/**
 * The CLDR locale an answer's names are in: `lang`, else Accept-Language, else English (the names are always there).
 * A tag CLDR lacks falls back as CLDR says (parentLocales, then the language), else English; the answer's `locale` and
 * Content-Language name the locale used.
 */
export function answerLocale(request: FastifyRequest, reply?: FastifyReply): string {
  let locale = langLocale((request.query as { lang?: unknown } | undefined)?.lang);
  if (locale === null) {
    const header = request.headers['accept-language'];
    const tags = header ? acceptedTags(header) : [];
    locale = tags.length === 0 ? DEFAULT_LOCALE : (tags.map(lookupLocale).find((l) => l !== null) ?? resolveLocale(tags[0]));
  }
  reply?.header('content-language', locale);
  return locale;
}

const localeParam = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const reply = ctx.switchToHttp().getResponse<FastifyReply>();
  // The answer depends on Accept-Language: caches keep one per language.
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
  return answerLocale(ctx.switchToHttp().getRequest<FastifyRequest>(), reply);
});

export const LANG_DOC =
  'Language of the zone and country names (BCP 47: en, fr, de, ja, pt-BR, zh-Hant…; default en, or the Accept-Language header; `lang` wins). Every answer naming a zone carries ' +
  '`timezone_name` (the specific name at that instant, "Central European Summer Time"), `timezone_generic_name` ("Central European Time"), the localized `exemplar_city`, ' +
  'country names in that language and `locale`, the Unicode CLDR locale used (also the Content-Language header). A language CLDR lacks falls back as CLDR says (parent locale, then the language, then English). ' +
  'Names come from Unicode CLDR (version in /api/health `cldrVersion`) and follow the metazone in force at the instant.';

/** The answer's locale (see answerLocale), with `lang` in the OpenAPI document. */
export function AnswerLocale(): ParameterDecorator {
  return (target, key, index) => {
    localeParam()(target, key, index);
    if (key !== undefined) {
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      if (descriptor) ApiQuery({ name: 'lang', required: false, type: String, description: LANG_DOC, example: 'fr' })(target, key, descriptor);
    }
  };
}
