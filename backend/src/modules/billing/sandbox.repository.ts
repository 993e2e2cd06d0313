import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { SandboxObject } from './sandbox-object.entity.js';
import type { SandboxKind } from './sandbox-object.entity.js';

/**
 * The sandbox provider's store (sandbox_billing_objects), after immich's server/src/repositories: loads and adds
 * objects, no rule of the sandbox's (SandboxGateway decides). One instance is one unit of work (BoundRepository: `fork()`,
 * `transaction(work)`); changes to the objects it loaded are written by `flush()` (or the transaction's commit).
 */
@Injectable()
export class SandboxRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new SandboxRepository(em) as this;
  }

  /** One object of a kind; `lock` holds it (FOR UPDATE) until the transaction ends. */
  async load<T>(kind: SandboxKind, objectId: string, lock = false): Promise<(SandboxObject & { data: T }) | null> {
    const found = await this.em.findOne(SandboxObject, { id: objectId, kind }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    return found as (SandboxObject & { data: T }) | null;
  }

  /** Every object of a kind, of one customer when given; newest first when asked. */
  find(kind: SandboxKind, customerId?: string | null, newestFirst = false): Promise<SandboxObject[]> {
    return this.em.find(SandboxObject, customerId === undefined ? { kind } : { kind, customerId }, newestFirst ? { orderBy: { createdAt: 'desc' } } : {});
  }

  /** A new object, written at the next flush. */
  put<T extends object>(kind: SandboxKind, objectId: string, customerId: string | null, data: T): SandboxObject {
    return this.em.create(SandboxObject, { id: objectId, kind, customerId, data: data as Record<string, unknown> });
  }
}
