// Teacher-side roles (spec learning §6: "Teacher functions (marking, invigilating, class
// management, work review) sit under /user/center/work; how access is decided is not shown").
// Our design (docs/decisions.md "Roles: user_role"): a grant in user_role of teacher, marker or
// invigilator over one class, exam or room, or over the whole tenant (no scope). Callers pass a
// transaction scoped to the tenant (withTenant / readTenant): row-level security keeps every
// lookup inside it.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB, RoleName, RoleScopeType } from '../db/types';

/** The roles a grant can give. */
export const ROLE_NAMES: readonly RoleName[] = ['teacher', 'marker', 'invigilator'];

/** What one grant covers: one class, exam or room. */
export interface RoleScope {
  type: RoleScopeType;
  id: number;
}

/** One grant as the session answer lists it; scopeType and scopeId null: the whole tenant. */
export interface RoleGrant {
  role: RoleName;
  scopeType: RoleScopeType | null;
  scopeId: number | null;
}

/** The grants that cover a scope: tenant-wide, the scope itself, and for a room its class's. */
function covering(scope: RoleScope) {
  return (eb: ExpressionBuilder<DB, 'user_role'>): Expression<SqlBool> => {
    const covers = [
      eb('scope_type', 'is', null),
      eb.and([eb('scope_type', '=', scope.type), eb('scope_id', '=', scope.id)]),
    ];
    if (scope.type === 'room') {
      // A class's teacher teaches its rooms.
      covers.push(eb.and([
        eb('scope_type', '=', 'classes'),
        eb('scope_id', 'in', eb.selectFrom('live_room').select('classes_id').where('live_room.id', '=', scope.id)
          .where('classes_id', 'is not', null).$narrowType<{ classes_id: number }>()),
      ]));
    }
    return eb.or(covers);
  };
}

/**
 * Whether the user holds `role`: over `scope` when given, else anywhere (any grant of the role, to
 * show the work center's entries). A tenant-wide grant covers every scope; a teacher of a class is
 * teacher of the class's live rooms (live_room.classes_id).
 */
export async function hasRole(trx: Kysely<DB>, userId: number, role: RoleName, scope?: RoleScope): Promise<boolean> {
  let q = trx.selectFrom('user_role').select(sql<number>`1`.as('one')).where('user_id', '=', userId).where('role', '=', role);
  if (scope) q = q.where(covering(scope));
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Every grant of the user, tenant-wide ones first, then by scope. */
export async function rolesOf(trx: Kysely<DB>, userId: number): Promise<RoleGrant[]> {
  const rows = await trx.selectFrom('user_role').select(['role', 'scope_type', 'scope_id'])
    .where('user_id', '=', userId)
    .orderBy(sql`scope_type nulls first`).orderBy('scope_id').orderBy('role')
    .execute();
  return rows.map((r) => ({ role: r.role, scopeType: r.scope_type, scopeId: r.scope_id === null ? null : Number(r.scope_id) }));
}

/** Grants a role (nothing happens when the user holds that exact grant already). */
export async function grantRole(trx: Kysely<DB>, tenantId: number, userId: number, role: RoleName, scope?: RoleScope): Promise<void> {
  await trx.insertInto('user_role')
    .values({ tenant_id: tenantId, user_id: userId, role, scope_type: scope?.type ?? null, scope_id: scope?.id ?? null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The users holding `role` over a class, exam or room (tenant-wide holders included), by id. */
export async function holdersOf(trx: Kysely<DB>, role: RoleName, scope: RoleScope): Promise<number[]> {
  const rows = await trx.selectFrom('user_role').select('user_id').distinct()
    .where('role', '=', role)
    .where(covering(scope))
    .orderBy('user_id').execute();
  return rows.map((r) => Number(r.user_id));
}
