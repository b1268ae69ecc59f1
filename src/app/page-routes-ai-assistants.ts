// Issue 21 part D: assistants and applications (spec learning §2 "AI area": /robot/assistant/{id?},
// /robot/application/{id?}; neither needs sign-in to open, running an application does) and the
// back office's editor of both (/sub_admin/aiAssistants), an admin page in its own document as
// the other /sub_admin editors (only /study/sub_admin/ documents allow @rjsf's eval).
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const aiAssistantsPageRoutes: PageRoute[] = [
  { path: 'robot/assistant/:id?', name: 'robotAssistant', meta: { title: 'route.robotAssistant' }, load: () => withTheme(() => import('../features/robot/routes/assistant-page')) },
  { path: 'robot/application/:id?', name: 'robotApplication', meta: { title: 'route.robotApplication' }, load: () => withTheme(() => import('../features/robot/routes/application-page')) },
  { path: 'sub_admin/aiAssistants', name: 'adminAiAssistants', meta: { title: 'route.adminAiAssistants', auth: true }, load: adminPage(() => import('../features/admin/ai/assistants-page')) },
];
