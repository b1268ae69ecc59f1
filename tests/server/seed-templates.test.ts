// The seed stores page templates from templates/pages/*.json: a page's templateFile names the file,
// a home page without one gets default-home.json, and a missing file stops the seed naming it;
// rich text is sanitised as the seed writes it.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOME_TEMPLATE, loadTenantSeeds, seedTenants, TEMPLATE_PAGES_DIR, TENANT_SEED_DIR } from '../../server/demo/seed';
import { sanitisePageTemplate } from '../../server/lib/rich-text';
import { CONTRACTS_STAMP, servedTemplate } from '../../server/lib/template-serve';
import { RICH_TEXT_POLICY_VERSION } from '../../schemas/rich-text-policy';
import { sql, type Kysely } from 'kysely';
import { up as upSanitiseTemplates } from '../../server/db/migrations/0017-sanitise-templates';
import { createTestApp, getJson, type TestApp } from './harness';

const pageFile = async (name: string): Promise<unknown> => JSON.parse(await readFile(join(TEMPLATE_PAGES_DIR, name), 'utf8'));

async function copyOfSeeds(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'seed-templates-'));
  await cp(TENANT_SEED_DIR, dir, { recursive: true });
  return dir;
}

describe('page templates in the tenant files', () => {
  it('loads the file each page names, and default-home.json for a home page without one', async () => {
    const seeds = await loadTenantSeeds();
    const template = (code: string, pageCode: string) => seeds.find((s) => s.code === code)?.pages.find((p) => p.pageCode === pageCode)?.template;
    expect(template('demo', 'demo_home')).toEqual(await pageFile('demo-home.json'));
    expect(template('demo', 'demo_skills')).toEqual(await pageFile('demo-skills.json'));
    expect(template('demo', 'Pzy_resources')).toEqual(await pageFile('demo-resources-tab.json'));
    expect(template('acme', 'acme_home')).toEqual(await pageFile('acme-home.json'));
    expect(template('shop', 'shop_home')).toEqual(await pageFile('shop-home.json'));
    expect(template('campus', 'campus_home')).toEqual(await pageFile('campus-1533-home.json'));
    // The AI tenant's home page names no file: it falls back to the default home.
    expect(template('ai', 'ai_home')).toEqual(await pageFile(DEFAULT_HOME_TEMPLATE));
  });

  it('stops with a message naming a template file that does not exist', async () => {
    const dir = await copyOfSeeds();
    const file = join(dir, 'acme.json');
    const acme = JSON.parse(await readFile(file, 'utf8'));
    acme.pages[0].templateFile = 'no-such-page.json';
    await writeFile(file, JSON.stringify(acme));
    await expect(loadTenantSeeds(dir)).rejects.toThrow('templates/tenants/acme.json (page acme_home) names the template file "no-such-page.json", but templates/pages/no-such-page.json does not exist');
  });

  it('refuses a page with both an inline template and a templateFile', async () => {
    const dir = await copyOfSeeds();
    const file = join(dir, 'acme.json');
    const acme = JSON.parse(await readFile(file, 'utf8'));
    acme.pages[0].template = { schemaVersion: 2, blocks: [] };
    await writeFile(file, JSON.stringify(acme));
    await expect(loadTenantSeeds(dir)).rejects.toThrow('has both template and templateFile');
  });

  it('refuses a templateFile that is a path rather than a file name', async () => {
    const dir = await copyOfSeeds();
    const file = join(dir, 'acme.json');
    const acme = JSON.parse(await readFile(file, 'utf8'));
    acme.pages[0].templateFile = '../tenants/demo.json';
    await writeFile(file, JSON.stringify(acme));
    await expect(loadTenantSeeds(dir)).rejects.toThrow(/acme\.json is invalid: pages\/0\/templateFile must match pattern/);
  });
});

describe('seeded templates over the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Stored as in templates/pages, rich text sanitised and the template stamped with the policy (issue 15 point 2).
  const stored = async (name: string) => ({ ...(await sanitisePageTemplate(await pageFile(name)) as object), richTextPolicy: RICH_TEXT_POLICY_VERSION });

  it('getPageV2 answers the demo home, the 1533 home and the tab page from templates/pages, checked and stamped (issue 15 point 2)', async () => {
    const demo = await getJson(t.app, '/cfg/template/getPageV2?tenantId=1001&pageCode=demo_home');
    expect(demo.body.data).toEqual({ pageId: 1, pageCode: 'demo_home', name: '学院首页', template: servedTemplate(await stored('demo-home.json')) });
    expect(demo.body.data.template.checked).toBe(CONTRACTS_STAMP);
    const campus = await getJson(t.app, '/cfg/template/getPageV2?tenantId=1533&pageId=41');
    expect(campus.body.data.template).toEqual(servedTemplate(await stored('campus-1533-home.json')));
    expect(campus.body.data.template.checked).toBe(CONTRACTS_STAMP);
    const tab = await getJson(t.app, '/cfg/template/getTemplatePage?tenantId=1001&pageCode=Pzy_resources');
    expect(tab.body.data.template).toEqual(servedTemplate(await stored('demo-resources-tab.json')));
    expect(tab.body.data.template.checked).toBe(CONTRACTS_STAMP);
  });
});

describe('rich text in seeded templates (issue 15 point 2: sanitised when saved)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const seeds = await loadTenantSeeds();
    const demo = seeds.find((s) => s.code === 'demo')!;
    const home = demo.pages.find((p) => p.pageCode === 'demo_home')!;
    const hostile = '<h3>欢迎</h3><script>window.hacked = 1</script><img src="/uploads/a.png" alt="图" onerror="window.hacked = 2">'
      + '<a href="javascript:alert(1)">坏链接</a><a href="https://example.com" target="_top">好链接</a>';
    home.template = {
      schemaVersion: 2, pageId: 1, pageCode: 'demo_home', title: '学院首页', root: { props: {} },
      blocks: [
        { id: 'top', type: 'rich-text', version: 2, props: { html: hostile, padding: 0 } },
        { id: 'row', type: 'columns', version: 1, props: { ratio: '1:1', gap: 16, stackBelow: 0 }, slots: { col1: [{ id: 'inner', type: 'rich-text', version: 2, props: { html: hostile, padding: 0 } }] } },
      ],
      // A stamp that arrives with the template means nothing: the server sanitises whatever it writes.
      richTextPolicy: RICH_TEXT_POLICY_VERSION,
    };
    await seedTenants(t.db.owner, [demo]);
  });
  afterAll(() => t.close());

  it('serves no script, event handler or javascript: link in what getPageV2 answers, nested blocks included, and stamps the policy', async () => {
    const { body } = await getJson(t.app, '/cfg/template/getPageV2?tenantId=1001&pageCode=demo_home');
    const template = body.data.template;
    expect(template.richTextPolicy).toBe(RICH_TEXT_POLICY_VERSION);
    for (const html of [template.blocks[0].props.html, template.blocks[1].slots.col1[0].props.html] as string[]) {
      expect(html).not.toMatch(/<script|onerror|javascript:|hacked/i);
      expect(html).toContain('<h3>欢迎</h3>');
      expect(html).toContain('<img src="/uploads/a.png" alt="图">');
      expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">好链接</a>');
    }
  });

  it('migration 0017 re-sanitises and stamps a template stored before sanitising on save', async () => {
    const hostile = { schemaVersion: 2, pageId: 1, pageCode: 'demo_home', title: '学院首页', root: { props: {} }, blocks: [{ id: 'old', type: 'rich-text', version: 2, props: { html: '<p onclick="steal()">旧</p><script>1</script>', padding: 0 } }] };
    await sql`update page set template = ${JSON.stringify(hostile)}::jsonb where tenant_id = 1001 and page_code = 'demo_home'`.execute(t.db.owner);
    await upSanitiseTemplates(t.db.owner as unknown as Kysely<unknown>);
    const { body } = await getJson(t.app, '/cfg/template/getPageV2?tenantId=1001&pageCode=demo_home');
    expect(body.data.template.blocks[0].props.html).toBe('<p>旧</p>');
    expect(body.data.template.richTextPolicy).toBe(RICH_TEXT_POLICY_VERSION);
  });
});
