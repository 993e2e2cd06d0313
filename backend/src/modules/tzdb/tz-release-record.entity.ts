import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ReleaseChanges } from './release-changes.js';

/** A tz release this deployment has loaded, with its source kept so every instance can compile it. */
@Entity({ tableName: 'tz_releases' })
export class TzReleaseRecord {
  [OptionalProps]?: 'loadedAt' | 'loadedBy' | 'isActive' | 'changes';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 16 })
  version!: string;

  /** SHA-256 (hex) of the source the release was first compiled from. */
  @Property({ type: 'string', length: 64 })
  digest!: string;

  /** Where it came from: "upload tzdata2026f.tar.gz", "TZDB_RELEASE file tzdata.zi", "bundled". */
  @Property({ type: 'string', length: 500 })
  source!: string;

  /** The source bytes (a tarball or a tzdata.zi), gzipped. */
  @Property({ type: 'blob', fieldName: 'source_gz', lazy: true })
  sourceGz!: Buffer;

  @Property({ type: 'integer', fieldName: 'zone_count' })
  zoneCount!: number;

  @Property({ type: 'integer', fieldName: 'link_count' })
  linkCount!: number;

  @Property({ type: 'integer', fieldName: 'compile_ms' })
  compileMs!: number;

  @Property({ type: 'datetime', fieldName: 'compiled_at' })
  compiledAt!: Date;

  /** When it last became the active release. */
  @Property({ type: 'datetime', fieldName: 'loaded_at' })
  loadedAt: Date = new Date();

  @Property({ type: 'uuid', nullable: true, fieldName: 'loaded_by' })
  loadedBy: string | null = null;

  @Property({ type: 'boolean', fieldName: 'is_active' })
  isActive: boolean = false;

  /** What changed for customers when it last became active. */
  @Property({ type: 'json' })
  changes: ReleaseChanges | Record<string, never> = {};
}
