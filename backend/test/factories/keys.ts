import { KeysService } from '../../src/modules/keys/keys.service.js';
import type { User } from '../../src/modules/accounts/user.entity.js';
import type { TestApp } from '../support/test-app.js';

export interface ApiKeyOptions {
  name?: string;
  ipRestrictions?: string[];
  urlRestrictions?: string[];
  isActive?: boolean;
}

/** Creates a key through the real service (hash, encrypted copy, restrictions) and answers the full key once. */
export async function createApiKey(app: TestApp, user: Pick<User, 'id'>, options: ApiKeyOptions = {}): Promise<{ key: string; id: string }> {
  const keys = app.app.get(KeysService);
  const { apiKey, key } = await keys.create(user.id, {
    name: options.name ?? 'Test key',
    ipRestrictions: options.ipRestrictions ?? [],
    urlRestrictions: options.urlRestrictions ?? [],
  });
  if (options.isActive === false) {
    await keys.update(user.id, apiKey.id, {
      name: apiKey.name,
      ipRestrictions: apiKey.ipRestrictions,
      urlRestrictions: apiKey.urlRestrictions,
      isActive: false,
    });
  }
  return { key, id: apiKey.id };
}
