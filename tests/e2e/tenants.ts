// The e2e suite's extra tenants, by id and host code, without the seeding code: test files import
// this (light) module, global setup seeds them through fixtures.ts. What each one is for:
// - closed:  auth.open off, forceLogin 1 (a private enterprise site);
// - guestok: auth.open off, forceLogin 2 (anonymous visitors let in);
// - busy:    like demo, plus a learner with 120 unread messages (the navbar badge's wide style);
// - secure:  like demo, with the slider captcha before account sign-in (and registration open).

/** The e2e tenants: id, host code and (for busy) the account with many unread messages. */
export const E2E_TENANTS = {
  closed: { id: 1901, code: 'closed' },
  guestok: { id: 1902, code: 'guestok' },
  busy: { id: 1903, code: 'busy', account: 'busy', password: 'Study@2026', unread: 120 },
  secure: { id: 1904, code: 'secure' },
} as const;
