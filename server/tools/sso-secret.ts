// Prints an integrator app's SSO secret, for an operator to hand over to the integrator:
//   npx tsx server/tools/sso-secret.ts <tenantCode> <appId>
// The secret is hex HMAC-SHA256(tenant.secret, 'sso-app:' + appId) (docs/shell.md "Single sign-on
// and third-party login"); nothing is stored, so the same command prints the same secret again.
// Database: DATABASE_URL (owner connection) as for `npm start`; without it the embedded data dir
// (PG_DATA_DIR, default data/pg) is opened, which works only while the portal itself is stopped.
import { resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded';
import { ssoAppSecret } from '../modules/um/sso';

const APP_ID = /^[A-Za-z0-9_.-]{1,64}$/;

async function main(): Promise<number> {
  const [code, appId] = process.argv.slice(2);
  if (!code || !appId || !APP_ID.test(appId)) {
    console.error('Usage: npx tsx server/tools/sso-secret.ts <tenantCode> <appId>   (appId: 1-64 of A-Z a-z 0-9 _ . -)');
    return 2;
  }
  let cluster: EmbeddedCluster | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    cluster = await startEmbeddedPostgres(resolve(process.env.PG_DATA_DIR ?? 'data/pg'), 'portal', () => {}, { supervise: false });
    url = cluster.ownerUrl('portal');
  }
  const client = new pg.Client({ connectionString: url });
  client.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  try {
    await client.connect();
    const tenant = await client.query<{ id: string }>('select id from tenant where code = $1', [code.toLowerCase()]);
    const row = tenant.rows[0];
    if (!row) {
      console.error(`No tenant has the code "${code}".`);
      return 1;
    }
    // tenant_config has forced row-level security: name the tenant for this transaction.
    await client.query('begin');
    await client.query(`select set_config('app.tenant_id', $1, true)`, [String(row.id)]);
    const setting = await client.query<{ param_value: string }>(
      `select param_value from tenant_config where param_group = 'Security' and param_key = 'ssoApps' order by store_id limit 1`);
    // The secret has forced row-level security too (migration 0016).
    const secret = (await client.query<{ secret: string }>('select secret from tenant_secret where tenant_id = $1', [row.id])).rows[0]?.secret ?? '';
    await client.query('commit');
    let listed = false;
    try {
      const apps: unknown = JSON.parse(setting.rows[0]?.param_value ?? '[]');
      listed = Array.isArray(apps) && apps.includes(appId);
    } catch {
      // An unreadable setting lists nothing; the warning below says what to do.
    }
    console.log(`tenantId: ${row.id}`);
    console.log(`appId:    ${appId}`);
    console.log(`secret:   ${ssoAppSecret(secret, appId)}`);
    if (!listed) console.warn(`Note: "${appId}" is not in the tenant's Security.ssoApps yet; add it there, or every sign-in is refused (SSO_APP_NOT_ALLOWED).`);
    return 0;
  } finally {
    await client.end().catch(() => undefined);
    await cluster?.stop();
  }
}

// process.exit, not exitCode: tsx does not pass exitCode on; the pools are closed by now.
process.exit(await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
}));
