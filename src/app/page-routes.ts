// Route entries of the ordinary (non-runtime) pages of the shell: each is lazy, so its chunk loads
// only when visited (spec shell §2 "Shell routes"). src/app/router.tsx adds them to the layout's
// children, wrapping each load in lazyPage (chunk-failure reload) and reading the meta for the
// access rules and the title. A page that renders antd components wraps itself with
// withAntdTheme (src/components/antd-theme.tsx) in its loader, as the gallery does.
import { bankPageRoutes } from './page-routes-bank';
import { examPageRoutes } from './page-routes-exam';
import { homeworkPageRoutes } from './page-routes-homework';
import { invigilatePageRoutes } from './page-routes-invigilate';
import { withTheme, type PageRoute } from './page-route-kit';
import { markingPageRoutes } from './page-routes-marking';
import { practicePageRoutes } from './page-routes-practice';
import { workPageRoutes } from './page-routes-work';
import { tasksPageRoutes } from './page-routes-tasks';
import { gamesPageRoutes } from './page-routes-games';
import { pointsPageRoutes } from './page-routes-points';
import { archivesPageRoutes } from './page-routes-archives';
import { credentialsPageRoutes } from './page-routes-credentials';
import { matchesPageRoutes } from './page-routes-matches';
import { teachersPageRoutes } from './page-routes-teachers';
import { sharingPageRoutes } from './page-routes-sharing';
import { growthAdminPageRoutes } from './page-routes-growth-admin';
import { taskAdminPageRoutes } from './page-routes-task-admin';
import { providerPageRoutes } from './page-routes-providers';
import { shopCataloguePageRoutes } from './page-routes-shop-catalogue';
import { afterSalePageRoutes } from './page-routes-after-sale';
import { reservationsPageRoutes } from './page-routes-reservations';
import { makePageRoutes } from './page-routes-make';
import { centerShopPageRoutes } from './page-routes-center-shop';
import { readingPlatformPageRoutes } from './page-routes-reading-platform';
import { creatorsPageRoutes } from './page-routes-creators';
import { aiProviderPageRoutes } from './page-routes-ai-provider';
import { aiAssistantsPageRoutes } from './page-routes-ai-assistants';
import { aiImagesPageRoutes } from './page-routes-ai-images';
import { aiCreditsPageRoutes } from './page-routes-ai-credits';

export { withTheme, type PageRoute } from './page-route-kit';

/** The shell's ordinary pages. */
export const pageRoutes: PageRoute[] = [
  { path: 'login', name: 'login', meta: { title: 'route.login', isLogin: true, authDefault: 2 }, load: () => withTheme(() => import('../features/auth/routes/login-page')) },
  { path: 'sub_home/login', name: 'subHomeLogin', meta: { title: 'route.login', isLogin: true, authDefault: 2 }, load: () => withTheme(() => import('../features/auth/routes/login-page')) },
  { path: 'wx_login', name: 'wxLogin', meta: { title: 'route.thirdParty', isLogin: true, authDefault: 2 }, load: () => withTheme(() => import('../features/auth/routes/third-party-page')) },
  { path: 'user/create', name: 'createUser', meta: { title: 'route.createUser', isLogin: true, authDefault: 2 }, load: () => withTheme(() => import('../features/auth/routes/register-page')) },
  { path: 'sub_home/create_user', name: 'subHomeCreateUser', meta: { title: 'route.createUser', isLogin: true, authDefault: 2 }, load: () => withTheme(() => import('../features/auth/routes/register-page')) },
  { path: 'user/center/study/myInfo', name: 'myInfo', meta: { title: 'route.myInfo', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-info-page')) },
  { path: 'user/center/study/mySafe', name: 'mySafe', meta: { title: 'route.mySafe', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-safe-page')) },
  { path: 'user/center/study/news/detail', name: 'myNewsDetail', meta: { title: 'route.myNewsDetail', auth: true }, load: () => withTheme(() => import('../features/center/routes/news-detail-page')) },
  { path: 'user/center/study/myNews', name: 'myNews', meta: { title: 'route.myNews', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-news-page')) },
  { path: 'user/center/study/myCourse', name: 'myCourse', meta: { title: 'route.myCourse', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-course-page')) },
  { path: 'user/center/study/mySubject', name: 'mySubject', meta: { title: 'route.mySubject', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-subject-page')) },
  { path: 'user/center/study/myKnowledge/:type', name: 'myKnowledge', meta: { title: 'route.myKnowledge', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-knowledge-page')) },
  { path: 'user/center/study/myFavorites', name: 'myFavorites', meta: { title: 'route.myFavorites', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-favorites-page')) },
  { path: 'user/center/study/myComment', name: 'myComment', meta: { title: 'route.myComment', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-comment-page')) },
  { path: 'user/center/study/noticeDetail', name: 'noticeDetail', meta: { title: 'route.noticeDetail' }, load: () => withTheme(() => import('../features/learning/routes/notice-detail-page')) },
  { path: 'user/center/study/myStudyRecord', name: 'myStudyRecord', meta: { title: 'route.myStudyRecord', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-study-record-page')) },
  { path: 'user/center/study/myNewExam', name: 'myNewExam', meta: { title: 'route.myNewExam', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-exam-page')) },
  { path: 'user/center/study/myNewSurvey', name: 'myNewSurvey', meta: { title: 'route.myNewSurvey', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-exam-page')) },
  { path: 'exam', name: 'examIndex', meta: { title: 'route.examList' }, load: () => import('../features/exam/routes/exam-index-redirect') },
  { path: 'examList', name: 'examList', meta: { title: 'route.examList' }, load: () => withTheme(() => import('../features/exam/routes/exam-list-page')) },
  { path: 'surveyList', name: 'surveyList', meta: { title: 'route.surveyList' }, load: () => withTheme(() => import('../features/exam/routes/exam-list-page')) },
  { path: 'exam/detail/:id', name: 'examDetail', meta: { title: 'route.examDetail' }, load: () => withTheme(() => import('../features/exam/routes/exam-detail-page')) },
  { path: 'exam/paper/:id', name: 'examPaper', meta: { title: 'route.examPaper', auth: true }, load: () => withTheme(() => import('../features/exam/routes/exam-paper-page')) },
  { path: 'exam/examResult', name: 'examResult', meta: { title: 'route.examResult', auth: true }, load: () => withTheme(() => import('../features/exam/routes/exam-result-page')) },
  { path: 'exam/result', name: 'examResultAlias', meta: { title: 'route.examResult', auth: true }, load: () => withTheme(() => import('../features/exam/routes/exam-result-page')) },
  { path: 'user/center/study/myClasses', name: 'myClasses', meta: { title: 'route.myClasses', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-classes-page')) },
  { path: 'classes', name: 'classes', meta: { title: 'route.classes', keepAlive: true, keepKey: 'classes' }, load: () => withTheme(() => import('../features/classes/routes/class-list-page')) },
  { path: 'classes/detail/:id', name: 'classesDetail', meta: { title: 'route.classesDetail', auth: true }, load: () => withTheme(() => import('../features/classes/routes/class-detail-page')) },
  { path: 'classes/memberList', name: 'classesMemberList', meta: { title: 'route.classesMemberList', auth: true }, load: () => withTheme(() => import('../features/classes/routes/class-member-list-page')) },
  // issue 17, classes complete (spec learning §2 "Login required"; study/myGroup under the personal center).
  { path: 'classes/userList', name: 'classesUserList', meta: { title: 'route.classesUserList', auth: true }, load: () => withTheme(() => import('../features/classes/routes/class-comments-page')) },
  { path: 'classes/statis', name: 'classesStatis', meta: { title: 'route.classesStatis', auth: true }, load: () => withTheme(() => import('../features/classes/routes/class-statis-page')) },
  { path: 'classes/statisList', name: 'classesStatisList', meta: { title: 'route.classesStatisList', auth: true }, load: () => withTheme(() => import('../features/classes/routes/class-statis-list-page')) },
  { path: 'attendance/detail', name: 'attendanceDetail', meta: { title: 'route.attendanceDetail', auth: true }, load: () => withTheme(() => import('../features/classes/routes/attendance-page')) },
  { path: 'circle/detail/:id', name: 'circleDetail', meta: { title: 'route.circleDetail', auth: true }, load: () => withTheme(() => import('../features/classes/routes/circle-detail-page')) },
  { path: 'activity', name: 'activity', meta: { title: 'route.activity', auth: true }, load: () => withTheme(() => import('../features/classes/routes/activity-page')) },
  { path: 'user/center/study/myGroup', name: 'myGroup', meta: { title: 'route.myGroup', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-group-page')) },
  { path: 'course', name: 'course', meta: { title: 'route.course', keepAlive: true, keepKey: 'course' }, load: () => withTheme(() => import('../features/learning/routes/course-list-page')) },
  { path: 'courseInfo', name: 'courseInfo', meta: { title: 'route.courseInfo', keepAlive: true, keepKey: 'courseInfo' }, load: () => withTheme(() => import('../features/learning/routes/course-list-page')) },
  { path: 'subject', name: 'subject', meta: { title: 'route.subject', keepAlive: true, keepKey: 'subject' }, load: () => withTheme(() => import('../features/learning/routes/subject-list-page')) },
  { path: 'knowledge', name: 'knowledge', meta: { title: 'route.knowledge', keepAlive: true, keepKey: 'knowledge' }, load: () => withTheme(() => import('../features/learning/routes/knowledge-list-page')) },
  { path: 'content', name: 'content', meta: { title: 'route.content', keepAlive: true, keepKey: 'content' }, load: () => withTheme(() => import('../features/learning/routes/content-list-page')) },
  { path: 'share', name: 'share', meta: { title: 'route.share', keepAlive: true, keepKey: 'share' }, load: () => withTheme(() => import('../features/learning/routes/share-list-page')) },
  { path: 'sub_cm/content/detail', name: 'contentDetail', meta: { title: 'route.contentDetail' }, load: () => withTheme(() => import('../features/learning/routes/content-detail-page')) },
  { path: 'sub_cm/content/detail/new_index', name: 'contentDetailNew', meta: { title: 'route.contentDetail' }, load: () => withTheme(() => import('../features/learning/routes/content-detail-page')) },
  { path: 'content/noval', name: 'contentNovalList', meta: { title: 'route.reader' }, load: () => withTheme(() => import('../features/learning/routes/reader-page')) },
  { path: 'content/noval/:id', name: 'contentNoval', meta: { title: 'route.reader' }, load: () => withTheme(() => import('../features/learning/routes/reader-page')) },
  { path: 'share/article/detail/:id', name: 'articleDetail', meta: { title: 'route.articleDetail' }, load: () => withTheme(() => import('../features/learning/routes/article-detail-page')) },
  { path: 'share/article/details/:id', name: 'articleDetails', meta: { title: 'route.articleDetail' }, load: () => withTheme(() => import('../features/learning/routes/article-detail-page')) },
  { path: 'knowledge/detail/:id', name: 'knowledgeDetail', meta: { title: 'route.knowledgeDetail' }, load: () => withTheme(() => import('../features/learning/routes/content-detail-page')) },
  { path: 'knowledge/details/:id', name: 'knowledgeDetails', meta: { title: 'route.knowledgeDetail' }, load: () => withTheme(() => import('../features/learning/routes/content-detail-page')) },
  { path: 'course/detail/:id', name: 'courseDetail', meta: { title: 'route.courseDetail', auth: true }, load: () => withTheme(() => import('../features/learning/routes/course-detail-page')) },
  { path: 'sub_cm/course/detail', name: 'subCmCourseDetail', meta: { title: 'route.courseDetail', auth: true }, load: () => withTheme(() => import('../features/learning/routes/course-detail-page')) },
  { path: 'subject/detail/:id', name: 'subjectDetail', meta: { title: 'route.subjectDetail' }, load: () => withTheme(() => import('../features/learning/routes/subject-detail-page')) },
  { path: 'sub_cm/subject/detail', name: 'subCmSubjectDetail', meta: { title: 'route.subjectDetail' }, load: () => withTheme(() => import('../features/learning/routes/subject-detail-page')) },
  { path: 'search', name: 'search', meta: { title: 'route.search', keepAlive: true, keepKey: 'search' }, load: () => withTheme(() => import('../features/search/routes/search-page')) },
  // Its own document (issue 15 point 2): only /study/sub_admin/ documents allow the eval its @rjsf forms need.
  // Open (issue 20 part S): with no user the page itself says 'please log in first' (spec learning §2).
  { path: 'sub_admin/myAdmin', name: 'myAdmin', meta: { title: 'route.myAdmin' }, load: () => withTheme(async () => {
    const [page, { withOwnDocument }] = await Promise.all([import('../features/admin/routes/my-admin-page'), import('../components/own-document')]);
    return { default: withOwnDocument('/study/sub_admin/', page.default) };
  }) },
  // issue 16: the page designer's page list (lazy, admin-only: the server refuses anyone else).
  { path: 'sub_admin/designer', name: 'pageDesigner', meta: { title: 'route.pageDesigner', auth: true }, load: () => withTheme(async () => {
    const [page, { withOwnDocument }] = await Promise.all([import('../features/admin/designer/page-list-page'), import('../components/own-document')]);
    return { default: withOwnDocument('/study/sub_admin/', page.default) };
  }) },
  // issue 16: the three-pane designer of one page (its property panel's @rjsf forms need the back-office document).
  { path: 'sub_admin/designer/:pageId', name: 'pageDesignerEdit', meta: { title: 'route.pageDesigner', auth: true }, load: () => withTheme(async () => {
    const [page, { withOwnDocument }] = await Promise.all([import('../features/admin/designer/designer-page'), import('../components/own-document')]);
    return { default: withOwnDocument('/study/sub_admin/', page.default) };
  }) },
  // issue 16: what the designer's canvas iframe loads: the real runtime rendering the posted draft (it wraps its own antd theme).
  { path: 'sub_admin/designer/preview', name: 'pageDesignerPreview', meta: { title: 'route.pageDesigner', auth: true }, load: () => import('../features/admin/designer/preview-page') },
  // issue 17, live rooms (spec learning §2 "Login required" and study/myChatRoom): one room in three layouts, its enrol page, my rooms.
  { path: 'chatRoom/detail/:id', name: 'chatRoomDetail', meta: { title: 'route.chatRoomDetail', auth: true }, load: () => withTheme(() => import('../features/live/routes/room-page')) },
  { path: 'chatRoom/detail/baseInfo/:id', name: 'chatRoomBaseInfo', meta: { title: 'route.chatRoomEnrol', auth: true }, load: () => withTheme(() => import('../features/live/routes/room-enrol-page')) },
  { path: 'chatRoom/txTest/:id', name: 'chatRoomTxTest', meta: { title: 'route.chatRoomDetail', auth: true }, load: () => withTheme(() => import('../features/live/routes/room-below-page')) },
  { path: 'chatRoom/vhallLive/:id', name: 'chatRoomVhallLive', meta: { title: 'route.chatRoomDetail', auth: true }, load: () => withTheme(() => import('../features/live/routes/room-compact-page')) },
  { path: 'user/center/study/myChatRoom', name: 'myChatRoom', meta: { title: 'route.myChatRoom', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-chat-room-page')) },
  { path: 'helpCenter', name: 'helpCenter', meta: { title: 'route.helpCenter' }, load: () => withTheme(() => import('../features/help/routes/help-center-page')) },
  // spec learning §2 "AI area": /robot redirects to /robot/talk; my/{id?} and goRecharge need sign-in.
  // The area's other pages: page-routes-ai-*.ts (issue 21).
  { path: 'robot', name: 'robot', meta: { title: 'route.robot' }, load: () => import('../features/robot/routes/robot-index-page') },
  { path: 'robot/talk/:id?', name: 'robotTalk', meta: { title: 'route.robotTalk' }, load: () => withTheme(() => import('../features/robot/routes/talk-page')) },
  { path: 'robot/my/:id?', name: 'robotMy', meta: { title: 'route.robotMy', auth: true }, load: () => withTheme(() => import('../features/robot/routes/my-page')) },
  { path: 'product', name: 'product', meta: { title: 'route.product' }, load: () => withTheme(() => import('../features/shop/routes/product-list-page')) },
  { path: 'product/detail/:id', name: 'productDetail', meta: { title: 'route.productDetail' }, load: () => withTheme(() => import('../features/shop/routes/product-detail-page')) },
  { path: 'sub_shop/cart', name: 'cart', meta: { title: 'route.cart', auth: true }, load: () => withTheme(() => import('../features/shop/routes/cart-page')) },
  { path: 'sub_shop/order_confirm/order_confirm', name: 'orderConfirm', meta: { title: 'route.orderConfirm', auth: true }, load: () => withTheme(() => import('../features/shop/routes/order-confirm-page')) },
  { path: 'sub_shop/order/order', name: 'order', meta: { title: 'route.order', auth: true }, load: () => withTheme(() => import('../features/shop/routes/order-list-page')) },
  { path: 'sub_shop/order_detail/order_detail/:id?', name: 'orderDetail', meta: { title: 'route.orderDetail', auth: true }, load: () => withTheme(() => import('../features/shop/routes/order-detail-page')) },
  { path: 'sub_shop/noval', name: 'novalList', meta: { title: 'route.novalList' }, load: () => withTheme(() => import('../features/shop/routes/noval-list-page')) },
  { path: 'sub_shop/noval/:id', name: 'noval', meta: { title: 'route.noval' }, load: () => withTheme(() => import('../features/shop/routes/noval-book-page')) },
  { path: 'content/bookshelf', name: 'bookshelf', meta: { title: 'route.bookshelf', auth: true }, load: () => withTheme(() => import('../features/shop/routes/bookshelf-page')) },
  { path: 'privacy/loginAgreement', name: 'loginAgreement', meta: { title: 'route.loginAgreement' }, load: () => import('../features/privacy/routes/privacy-page') },
  { path: 'privacy/loginPolicy', name: 'loginPolicy', meta: { title: 'route.loginPolicy' }, load: () => import('../features/privacy/routes/privacy-page') },
  // issue 18: exams complete and the teachers' work center, one list per area.
  ...examPageRoutes, ...practicePageRoutes, ...homeworkPageRoutes, ...markingPageRoutes, ...invigilatePageRoutes,
  ...workPageRoutes, ...bankPageRoutes,
  // issue 19
  ...tasksPageRoutes, ...gamesPageRoutes, ...pointsPageRoutes, ...archivesPageRoutes, ...credentialsPageRoutes,
  ...matchesPageRoutes, ...teachersPageRoutes, ...sharingPageRoutes, ...growthAdminPageRoutes, ...taskAdminPageRoutes,
  // issue 20
  ...providerPageRoutes, ...shopCataloguePageRoutes, ...afterSalePageRoutes, ...reservationsPageRoutes, ...makePageRoutes,
  ...centerShopPageRoutes, ...readingPlatformPageRoutes, ...creatorsPageRoutes,
  // issue 21
  ...aiProviderPageRoutes, ...aiAssistantsPageRoutes, ...aiImagesPageRoutes, ...aiCreditsPageRoutes,
];
