/**
 * Route guards for signed-in calls: a customer's own account calls, and the back office's staff
 * routes by permission (roles.ts). Use as a route's `preHandler`:
 *
 *   app.get('/api/config/orders', { preHandler: requirePermission('orders.read') }, handler)
 *
 * No session: 401 `account.sign-in-required`. A session without the permission (or of the other
 * kind): 403 `account.forbidden` (entries of http/errors.ts).
 */
import type { FastifyRequest } from 'fastify';
import { apiError } from './errors.ts';
import type { Member } from './session.ts';
import { hasPermission, type AccountKind, type Permission } from '@storefront/core';

type Guard = (request: FastifyRequest) => Promise<void>;

function guard(allowed: (member: Member) => boolean): Guard {
  return async (request) => {
    const member = request.member;
    if (!member) throw apiError('account.sign-in-required');
    if (!allowed(member)) throw apiError('account.forbidden');
  };
}

/** Lets through a signed-in account of the kind. */
export const requireMember = (kind: AccountKind): Guard => guard((member) => member.kind === kind);

/** Lets through a signed-in staff member whose roles grant the permission. */
export const requirePermission = (permission: Permission): Guard =>
  guard((member) => member.kind === 'staff' && hasPermission(member.roles, permission));
