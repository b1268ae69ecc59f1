// Issue 21 part F: AI credits (docs/api.md "AI credits"; rules in docs/ai.md F). The learner's
// balance with the prices, the ledger and the packages on sale; the back office's rules, accounts
// and adjustments. Charges and refunds are made by the AI routes themselves (server/lib/ai/credits.ts);
// top-ups by paying a package order in the shop (order module's pay path).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { asBackOfficeAdmin } from '../../lib/back-office';
import { readTenant } from '../../lib/tenant-context';
import { adjustCredits, creditRules, creditSummary } from '../../lib/ai/credits';
import { accountsPage, ledgerPage, packagesOnSale, saveRules } from './ai-credit-repository';
import { aiSpeechRoutes } from './ai-speech-routes';
import {
  AccountQuery, AdjustBody, AdjustResult, CreditAccountRow, CreditBalance, CreditPackage, CreditRules, CreditRulesBody, CreditTenantQuery,
  LedgerQuery, LedgerRow,
} from '../../../schemas/api/ai-credits';

/** An adjustment's reason, in characters after trimming. */
export const REASON_MIN = 2;
export const REASON_MAX = 100;

/** Issue 21 part F: AI credits, their ledger and top-ups through the shop, and the digital human. */
export async function aiCreditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // The digital human's AI voice, charged as speech (ai-speech-routes.ts).
  await app.register(aiSpeechRoutes);

  r.get('/cm/api/ai/credits/balance', {
    schema: {
      tags: ['cm'], summary: 'The caller\'s AI credits: balance, prices of each use and today\'s free answers left (the first call gives the welcome grant)',
      querystring: CreditTenantQuery, response: { 200: Envelope(CreditBalance) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const lang = req.query.lang ?? 'zh';
    // docs/ai.md F: the welcome grant is given on the learner's first use of the AI area, which
    // includes looking at the balance; the account row is created here when missing.
    const summary = await readTenant(app, user.tenantId, (trx) => creditSummary(trx, user.userId, lang));
    return ok({
      balance: summary.balance, prices: summary.rules.prices, welcomeGrant: summary.rules.welcomeGrant,
      dailyFreeAnswers: summary.rules.dailyFreeAnswers, freeAnswersLeft: summary.freeAnswersLeft,
    });
  });

  r.get('/cm/api/ai/credits/ledger', {
    schema: {
      tags: ['cm'], summary: 'A page of the caller\'s credit ledger, newest first: grants, top-ups, charges, refunds, adjustments',
      querystring: LedgerQuery, response: { 200: Envelope(Paged(LedgerRow)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => ledgerPage(trx, user.userId, { pageNo, pageSize })));
  });

  r.get('/cm/api/ai/credits/packages', {
    schema: {
      tags: ['cm'], summary: 'The credits packages the tenant sells (shop products of type 13), cheapest first; anyone may read them',
      querystring: CreditTenantQuery, response: { 200: Envelope(Type.Array(CreditPackage)) },
    },
  }, async (req) => ok(await readTenant(app, req.query.tenantId, (trx) => packagesOnSale(trx))));

  r.get('/cm/api/ai/credits/rules', {
    schema: {
      tags: ['cm'], summary: 'Back office: the tenant\'s prices of AI work, welcome grant and daily free answers',
      querystring: CreditTenantQuery, response: { 200: Envelope(CreditRules) },
    },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.query.tenantId, (trx) => creditRules(trx, req.query.tenantId))));

  r.post('/cm/api/ai/credits/rules', {
    schema: {
      tags: ['cm'], summary: 'Back office: saves the prices (0 to 10000 credits each), the welcome grant and the daily free answers',
      body: CreditRulesBody, response: { 200: Envelope(CreditRules) },
    },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx) => {
    await saveRules(trx, req.body.rules);
    return creditRules(trx, req.body.tenantId);
  })));

  r.get('/cm/api/ai/credits/accounts', {
    schema: {
      tags: ['cm'], summary: 'Back office: the tenant\'s learners with their balances and credits spent, most recently changed first',
      querystring: AccountQuery, response: { 200: Envelope(Paged(CreditAccountRow)) },
    },
  }, async (req) => {
    const { pageNo = 1, pageSize = 10, searchValue } = req.query;
    return ok(await asBackOfficeAdmin(app, req, req.query.tenantId, (trx) => accountsPage(trx, { searchValue, pageNo, pageSize })));
  });

  r.post('/cm/api/ai/credits/adjust', {
    schema: {
      tags: ['cm'], summary: 'Back office: grants (positive) or deducts (negative) a learner\'s credits with a reason the learner reads in the ledger',
      body: AdjustBody, response: { 200: Envelope(AdjustResult) },
    },
  }, async (req) => {
    const lang = req.body.lang ?? 'zh';
    const reason = req.body.reason.trim();
    const en = lang === 'en';
    if (req.body.amount === 0) throw new ApiError(en ? 'Enter a number of credits other than 0.' : '请填写要增加或扣除的点数（不能为 0）。', { errorCode: 'AI_CREDITS_ADJUST_ZERO' });
    if ([...reason].length < REASON_MIN || [...reason].length > REASON_MAX) {
      throw new ApiError(en ? `Give a reason of ${REASON_MIN} to ${REASON_MAX} characters; the learner sees it.` : `请填写原因（${REASON_MIN} 到 ${REASON_MAX} 个字），学员会在明细中看到。`, { errorCode: 'AI_CREDITS_ADJUST_REASON' });
    }
    return ok(await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx, adminId) => {
      const learner = await trx.selectFrom('user_account').select('id').where('id', '=', req.body.userId).executeTakeFirst();
      // Another tenant's user is not found here (row-level security).
      if (!learner) throw new ApiError(en ? 'No such learner in this tenant.' : '该学员不存在。', { code: 404, errorCode: 'AI_CREDITS_USER_NOT_FOUND' });
      return adjustCredits(trx, { userId: learner.id, amount: req.body.amount, note: reason, adminId, lang });
    }));
  });
}
