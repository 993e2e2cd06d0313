import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { PreparedAnswer } from '../gateway/prepared-answer.js';
import { answerSpan } from './cldr/localize.js';
import { TimeEngine } from './engine/time-engine.js';
import type { ZoneRegistry } from './engine/zone-registry.js';

interface Entry {
  registry: ZoneRegistry;
  answer: PreparedAnswer;
  /** The instants [from, until) the answer holds for: no zone in it changes offset or name in between. */
  from: number;
  until: number;
  chars: number;
}

/**
 * Answers made once and given again while they are exact: place answers (search, lookup, the zone at a coordinate),
 * each kept with the span in which every zone it names keeps its offset and its names (the tz period and the CLDR
 * metazone use in force), and a zone's transitions (for ever, or the year a defaulted range stands for); per release,
 * language and query, so a repeated query costs a Map read and no serialisation. An answer asked for outside its span
 * (the next DST change, a frozen test clock moved back) is made again; another release (a new active one, a pinned
 * one) never reads another's answers.
 */
@Injectable()
export class AnswerMemo {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  /** JSON characters kept in all (ANSWER_MEMO_CHARS; about as many bytes, the answers are mostly ASCII); oldest out first. */
  private readonly limit: number;

  constructor(
    private readonly engine: TimeEngine,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = config.ANSWER_MEMO_CHARS;
  }

  /**
   * The kept answer to `query` if it holds at `now`, else `make()`'s, kept. `span` says where a new answer holds; by
   * default where every zone it names keeps its state of `now` (answerSpan).
   */
  answer(kind: string, query: string, locale: string, now: number, make: () => object, span?: (value: object) => [number, number]): PreparedAnswer {
    const registry = this.engine.registry;
    const key = `${kind}\u0000${this.engine.release.version}\u0000${this.engine.release.build}\u0000${locale}\u0000${query}`;
    const kept = this.entries.get(key);
    if (kept && kept.registry === registry && now >= kept.from && now < kept.until) return kept.answer;
    const answer = new PreparedAnswer(make());
    if (this.limit === 0) return answer;
    const [from, until] = span ? span(answer.value) : answerSpan(this.engine, answer.value, locale, now);
    if (kept) this.forget(key, kept);
    const chars = answer.json.length;
    this.entries.set(key, { registry, answer, from, until, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.limit) break;
      this.forget(oldest, entry);
    }
    return answer;
  }

  /** Answers kept (tests, metrics). */
  get size(): number {
    return this.entries.size;
  }

  private forget(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.chars -= entry.chars;
  }
}
