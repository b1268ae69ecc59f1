// Issue 20 part V: creators' works, chapters, review and the content authoring calls.
import { withTheme, type PageRoute } from './page-route-kit';

export const creatorsPageRoutes: PageRoute[] = [
  // spec learning §2 "Personal center" content: myWorks, myWorks/create (?id= edits one of mine).
  { path: 'user/center/content/myWorks', name: 'myWorks', meta: { title: 'route.myWorks', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-works-page')) },
  { path: 'user/center/content/myWorks/create', name: 'myWorksCreate', meta: { title: 'route.myWorksCreate', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-works-create-page')) },
  // The work review's page of one creator's work (ours; beside spec §2 work/myContent): the server checks the teacher grant.
  { path: 'user/center/work/myContent/detail/:id', name: 'workReviewDetail', meta: { title: 'route.workReviewDetail', auth: true }, load: () => withTheme(() => import('../features/center/routes/works-review-page')) },
];
