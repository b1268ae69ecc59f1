// Issue 21 part F: AI credits, their ledger and top-ups through the shop, and the digital human
// (spec learning §2 "AI area": /robot/digital_human, login-required /robot/goRecharge; the back
// office's AI 点数 /sub_admin/aiCredits is ours, an admin page in its own document as the others).
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const aiCreditsPageRoutes: PageRoute[] = [
  { path: 'robot/goRecharge', name: 'robotRecharge', meta: { title: 'route.robotRecharge', auth: true }, load: () => withTheme(() => import('../features/robot/routes/recharge-page')) },
  { path: 'robot/digital_human', name: 'robotDigitalHuman', meta: { title: 'route.robotDigitalHuman' }, load: () => withTheme(() => import('../features/robot/routes/digital-human-page')) },
  { path: 'sub_admin/aiCredits', name: 'adminAiCredits', meta: { title: 'route.adminAiCredits', auth: true }, load: adminPage(() => import('../features/admin/ai/credits-page')) },
];
