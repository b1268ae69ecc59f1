import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { pdfPageText } from '../server/pdf-read';
import { tenantDb } from './db';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Credentials (issue 19 part E; docs/growth.md "Credentials"), in Chromium against the real server:
// the demo learner opens 我的证书 (myCredentials), downloads the seeded course certificate's PDF
// (a PDF whose text holds the holder's name), copies its verification link, and the link opened
// signed out, in a fresh browser context, shows the certificate valid with the holder's name.

const baseUrl = inject('baseUrl');
const DEMO = 1001;

let db: pg.Client;
let seeded = { id: 0, title: '', holderName: '', code: '' };

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows } = await db.query<{ id: string; title: string; holder_name: string; code: string }>(
    `select c.id, c.title, c.holder_name, c.code from user_credential c join user_account u on u.tenant_id = c.tenant_id and u.id = c.user_id
      where c.tenant_id = $1 and u.account = 'learner' and c.source_kind = 'course' order by c.id limit 1`, [DEMO]);
  seeded = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '', holderName: rows[0]?.holder_name ?? '', code: rows[0]?.code ?? '' };
  expect(seeded.id, 'seed-credentials.ts gives the demo learner a course certificate').toBeGreaterThan(0);
  // Another journey may have kept it private or renamed it: the public page must confirm it.
  await db.query(`update user_credential set public_verify = true, revoked_at = null, expires_at = null where id = $1`, [seeded.id]);
});
afterAll(() => db.end());

describe('credentials', () => {
  test('the learner downloads a certificate PDF with their name, and its verification link shows it valid to a signed-out visitor', async ({ page, openPage }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}/study/user/center/study/myCredentials`);
    const card = page.getByTestId('credential-card').filter({ hasText: seeded.code });
    await card.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => card.textContent()).toContain(seeded.title);
    await saveScreenshot(page, 'credentials-my');

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('credential-download').click()]);
    expect(download.suggestedFilename()).toBe(`certificate-${seeded.code}.pdf`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfPageText(pdf);
    expect(text).toContain(seeded.holderName);
    expect(text).toContain(seeded.code);

    await card.getByTestId('credential-copy').click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseUrl}/study/credential/verify?code=${seeded.code}&tenantId=${DEMO}`);

    // A visitor with no account: a fresh context, no sign-in.
    const visitor = await openPage();
    await visitor.goto(link);
    const state = visitor.getByTestId('verify-state');
    await state.waitFor({ timeout: UI_TIMEOUT });
    expect(await state.getAttribute('data-state')).toBe('valid');
    expect(await visitor.getByTestId('verify-holder').textContent()).toBe(seeded.holderName);
    expect(visitor.url()).toContain('/study/credential/verify');
    await saveScreenshot(visitor, 'credentials-verify');
  });
});
