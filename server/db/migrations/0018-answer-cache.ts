import { sql, type Kysely } from 'kysely';

// Issue 15 point 5: the start-up settings and the page templates are cached per API node
// (server/lib/answer-cache.ts).
//
// 1. cfg_store_settings reads the settings answer in one statement, where the route ran eight
//    (the tenant, begin, set_config, store, config, menus, menu count, commit). It is SECURITY
//    INVOKER: it runs as the app role, so the forced row-level security of 0001 still filters every
//    row; it only sets app.tenant_id for its own statement (set_config local to the implicit
//    transaction), as withTenant does for a transaction.
// 2. Every write to what those answers contain (tenant, tenant_store, tenant_config, navigate,
//    page) sends NOTIFY portal_answers with the tenant id when it commits, so every node drops that
//    tenant's answers: writes by the back-office, the designer's publish, the seed or an operator's
//    psql alike. TRUNCATE sends '*' (drop every tenant's).

export const ANSWERS_CHANNEL = 'portal_answers';

const BY_TENANT_ID = ['tenant_store', 'tenant_config', 'navigate', 'page'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`
    create function cfg_store_settings(p_tenant bigint, p_store bigint, p_purpose integer) returns json
    language plpgsql volatile security invoker as $fn$
    declare
      v_tenant json;
      v_store tenant_store;
      v_config json;
      v_navigate json;
    begin
      perform set_config('app.tenant_id', p_tenant::text, true);
      select json_build_object('id', t.id, 'code', t.code, 'name', t.name, 'tenant_type', t.tenant_type)
        into v_tenant from tenant t where t.id = p_tenant;
      if v_tenant is null then
        return json_build_object('tenant', null);
      end if;
      if p_store is null then
        select * into v_store from tenant_store order by sort, id limit 1;
      else
        select * into v_store from tenant_store where id = p_store;
      end if;
      if not found then
        return json_build_object('tenant', v_tenant, 'store', null);
      end if;
      select coalesce(json_agg(c order by c.param_group, c.param_key, c.store_id), '[]'::json) into v_config
        from (select param_group, param_key, param_value, param_value_type, store_id from tenant_config where store_id in (0, v_store.id)) c;
      select coalesce(json_agg(n order by n.sort, n.id), '[]'::json) into v_navigate
        from (select id, store_id, parent_id, title, page_code, page_path, sort, link from navigate
              where store_id = v_store.id and state = 1 and parent_id is null and purpose = p_purpose
              order by sort, id limit 200) n;
      return json_build_object('tenant', v_tenant, 'store', row_to_json(v_store), 'config', v_config, 'navigate', v_navigate);
    end
    $fn$;

    create function notify_answers_by_tenant_id() returns trigger language plpgsql as $fn$
    begin
      if tg_op <> 'INSERT' then perform pg_notify('${ANSWERS_CHANNEL}', old.tenant_id::text); end if;
      if tg_op <> 'DELETE' then perform pg_notify('${ANSWERS_CHANNEL}', new.tenant_id::text); end if;
      return null;
    end
    $fn$;
    create function notify_answers_by_id() returns trigger language plpgsql as $fn$
    begin
      if tg_op <> 'INSERT' then perform pg_notify('${ANSWERS_CHANNEL}', old.id::text); end if;
      if tg_op <> 'DELETE' then perform pg_notify('${ANSWERS_CHANNEL}', new.id::text); end if;
      return null;
    end
    $fn$;
    create function notify_answers_all() returns trigger language plpgsql as $fn$
    begin
      perform pg_notify('${ANSWERS_CHANNEL}', '*');
      return null;
    end
    $fn$;
    ${BY_TENANT_ID.map((table) => `
    create trigger answers_changed after insert or update or delete on ${table}
      for each row execute function notify_answers_by_tenant_id();
    create trigger answers_truncated after truncate on ${table}
      for each statement execute function notify_answers_all();`).join('')}
    create trigger answers_changed after insert or update or delete on tenant
      for each row execute function notify_answers_by_id();
  `).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`
    ${BY_TENANT_ID.map((table) => `
    drop trigger answers_changed on ${table};
    drop trigger answers_truncated on ${table};`).join('')}
    drop trigger answers_changed on tenant;
    drop function notify_answers_by_tenant_id();
    drop function notify_answers_by_id();
    drop function notify_answers_all();
    drop function cfg_store_settings(bigint, bigint, integer);
  `).execute(db);
}
