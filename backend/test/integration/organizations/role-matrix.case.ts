import { randomUUID } from 'node:crypto';
import { ORG_ROLES, PERMISSIONS, can } from '@tzapi/shared/org-roles';
import type { OrgRole, Permission } from '@tzapi/shared/org-roles';
import { createTestApp } from '../../support/test-app.js';
import type { TestApp } from '../../support/test-app.js';
import type { Member } from './members.js';
import { memberOf, ownerOfNewOrganisation } from './members.js';

interface Operation {
  method: string;
  path: string;
  permission: Permission;
}

/** Routes an allowed role is not sent through here: they end the organisation or the membership the matrix stands on. */
const ENDS_THE_MATRIX = new Set(['DELETE /api/organization', 'POST /api/organization/leave', 'POST /api/organization/transfer']);

/**
 * Issue 51's role matrix: every account-area route the OpenAPI document marks with `x-permission` (the decorator that
 * also guards it), called by a member of every role through HTTP. Where the table in `packages/shared` says no, the
 * answer is 403 `org_permission`; where it says yes, anything but that.
 */
describe('the role matrix: every account-area route × every role', () => {
  let t: TestApp;
  let operations: Operation[];
  const members = new Map<OrgRole, Member>();

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await ownerOfNewOrganisation(t, 'Matrix Ltd');
    members.set('owner', owner);
    for (const role of ORG_ROLES.filter((r) => r !== 'owner')) members.set(role, await memberOf(t, owner.orgId, role));
    const document = (await owner.client.get('/api/docs/openapi-full.json')).body as { paths: Record<string, Record<string, { 'x-permission'?: Permission }>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation['x-permission'])
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, permission: operation['x-permission'] as Permission })),
    );
  });
  afterAll(() => t?.close());

  const send = (member: Member, operation: Operation) => {
    const path = operation.path.replace(/\{[^}]+\}/g, () => randomUUID());
    const client = member.client;
    switch (operation.method) {
      case 'GET':
        return client.get(path);
      case 'POST':
        return client.post(path, {});
      case 'PUT':
        return client.put(path, {});
      case 'PATCH':
        return client.patch(path, {});
      default:
        return client.delete(path);
    }
  };

  it('the document marks the account area: keys, usage, webhooks, billing, notices, members and the audit', () => {
    const marked = new Set(operations.map((op) => op.permission));
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) expect([permission, marked.has(permission)]).toEqual([permission, true]);
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(ORG_ROLES.map((role) => [role]))('%s: 403 org_permission exactly where the table says no', async (role) => {
    const member = members.get(role as OrgRole)!;
    const wrong: string[] = [];
    for (const operation of operations) {
      const allowed = can(role as OrgRole, operation.permission);
      if (allowed && ENDS_THE_MATRIX.has(`${operation.method} ${operation.path}`)) continue;
      const res = await send(member, operation);
      const refused = res.status === 403 && (res.body as { code?: string })?.code === 'org_permission';
      if (refused === allowed)
        wrong.push(`${operation.method} ${operation.path} (${operation.permission}): ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the same routes in a personal organisation: its person is the owner and nothing is refused', async () => {
    const person = members.get('viewer')!;
    await person.client.post('/api/organizations/switch', { organizationId: person.user.id });
    const me = (await person.client.get('/api/me')).body;
    expect(me.organization).toEqual({ id: person.user.id, name: 'Personal', personal: true, role: 'owner' });
    expect(me.permissions).toEqual(Object.keys(PERMISSIONS));
    for (const path of ['/api/api-keys', '/api/change-notices', '/api/billing/invoices', '/api/organization/audit'])
      expect([path, (await person.client.get(path)).status]).toEqual([path, 200]);
  });
});
