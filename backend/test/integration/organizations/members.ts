import type { OrgRole } from '@tzapi/shared/org-roles';
import type { User } from '../../../src/modules/accounts/user.entity.js';
import { createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import type { TestApp } from '../../support/test-app.js';

export interface Member {
  user: User & { password: string };
  client: TestClient;
}

/** A person with a session, owning a new team organisation the session is switched to. */
export async function ownerOfNewOrganisation(app: TestApp, name = 'Acme Travel'): Promise<Member & { orgId: string }> {
  const user = await createUser(app);
  const client = await signedInClient(app, user);
  const made = await client.post('/api/organizations', { name });
  if (made.status !== 201) throw new Error(`create organisation: ${made.status} ${JSON.stringify(made.body)}`);
  return { user, client, orgId: made.body.id };
}

/**
 * A person made a member in `role` the short way (a memberships row, as an accepted invitation leaves), signed in on
 * `app` and switched to the organisation through the API.
 */
export async function memberOf(app: TestApp, orgId: string, role: OrgRole, on: TestApp = app): Promise<Member> {
  const user = await createUser(app);
  await app.orm.em.fork().execute(`insert into memberships (org_id, user_id, role) values (?, ?, ?)`, [orgId, user.id, role]);
  const client = await signedInClient(on, user);
  const switched = await client.post('/api/organizations/switch', { organizationId: orgId });
  if (switched.status !== 200) throw new Error(`switch: ${switched.status} ${JSON.stringify(switched.body)}`);
  return { user, client };
}
