import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../platform/http/errors.ts';
import { registerSessions } from '../../platform/http/session.ts';
import { sessionAccounts } from './store.ts';
import { cookieHeader, DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { requireMember, requirePermission } from '../../platform/http/guards.ts';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, onlyViewer } from '@storefront/core';
import { STAFF_SESSION_PATH } from './routes.ts';
import { Customer, makeAccount, PASSWORD } from './testing.ts';

/**
 * A back office in miniature on the store's database: one route per permission behind
 * requirePermission, and a customer-only route. Sessions are made by the store's own sign-in call.
 */
async function backOffice(t: TestApp): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(cookie);
  registerErrorHandler(app);
  registerSessions(app, t.app.database.db, sessionAccounts);
  for (const permission of PERMISSIONS)
    app.get(`/probe/${permission}`, { preHandler: requirePermission(permission) }, async () => ({
      ok: true,
    }));
  app.get('/probe/customer', { preHandler: requireMember('customer') }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe.each(DATABASES)('staff permissions on $name', (database) => {
  let t: TestApp;
  let office: FastifyInstance;
  beforeAll(async () => {
    t = await startApp(database);
    office = await backOffice(t);
  });
  afterAll(async () => {
    await office?.close();
    await t?.close();
  });

  const probe = (path: string, cookies: Record<string, string> = {}) =>
    office.inject({ method: 'GET', url: path, headers: { cookie: cookieHeader(cookies) } });

  it('grants each role exactly what the permission table says, refusing the rest with 403', async () => {
    for (const [name, role] of Object.entries(ROLES)) {
      await makeAccount(t.app.database.db, `${name}@example.test`, { kind: 'staff', roles: [role] });
      const staff = new Customer(t);
      expect(
        (await staff.signIn(`${name}@example.test`, PASSWORD, false, STAFF_SESSION_PATH)).statusCode,
      ).toBe(200);
      for (const permission of PERMISSIONS) {
        const res = await probe(`/probe/${permission}`, staff.cookies);
        const granted = ROLE_PERMISSIONS[role].includes(permission);
        expect(res.statusCode, `${name} ${permission}`).toBe(granted ? 200 : 403);
        if (!granted)
          expect(res.json()).toEqual({
            code: 'account.forbidden',
            message: 'You do not have permission to do this.',
          });
      }
      expect((await probe('/probe/customer', staff.cookies)).statusCode).toBe(403);
    }
  });

  it('unions the permissions of several roles, and the admin holds all of them', async () => {
    await makeAccount(t.app.database.db, 'both@example.test', {
      kind: 'staff',
      roles: [ROLES.editor, ROLES.reporting],
    });
    const staff = new Customer(t);
    await staff.signIn('both@example.test', PASSWORD, false, STAFF_SESSION_PATH);
    expect((await probe('/probe/content.edit', staff.cookies)).statusCode).toBe(200);
    expect((await probe('/probe/reports.read', staff.cookies)).statusCode).toBe(200);
    expect((await probe('/probe/orders.manage', staff.cookies)).statusCode).toBe(403);
    expect([...ROLE_PERMISSIONS[ROLES.admin]].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('answers 401 without a session, and 403 to a customer on a staff route', async () => {
    const none = await probe('/probe/reports.read');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 'account.sign-in-required', message: 'Please sign in to continue.' });
    await makeAccount(t.app.database.db, 'buyer@example.test');
    const customer = new Customer(t);
    await customer.signIn('buyer@example.test');
    expect((await probe('/probe/backoffice.read', customer.cookies)).statusCode).toBe(403);
    expect((await probe('/probe/customer', customer.cookies)).statusCode).toBe(200);
  });

  it('knows a viewer-only staff member (tracking still applies to them, spec section 6)', () => {
    expect(onlyViewer([ROLES.viewer])).toBe(true);
    expect(onlyViewer([ROLES.viewer, ROLES.editor])).toBe(false);
    expect(onlyViewer([])).toBe(false);
  });
});
