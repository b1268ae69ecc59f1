// Each widget's data request by widget type (issue 15 point 3): the server's home bootstrap makes
// these for the blocks of a home without importing widgets/, and widgets/<type>/index.ts sends the
// same one from its data() (tests/unit/widget-requests.test.ts keeps the two in step). Functions,
// not JSON: the client build's TypeBox inlining (scripts/vite-typebox-json.ts) leaves this const be.
import type { WidgetRequestOf } from './request';
import { articleListRequest } from './article-list';
import { audioPlaylistRequest } from './audio-playlist';
import { bannerRequest } from './banner';
import { bookShelfRequest } from './book-shelf';
import { classListRequest } from './class-list';
import { contentListRequest } from './content-list';
import { courseListRequest } from './course-list';
import { examCardsRequest } from './exam-cards';
import { gameListRequest } from './game-list';
import { knowledgeListRequest } from './knowledge-list';
import { liveRoomListRequest } from './live-room-list';
import { noticeListRequest } from './notice-list';
import { productListRequest } from './product-list';
import { rankBoardRequest } from './rank-board';
import { subjectListRequest } from './subject-list';
import { taskListRequest } from './task-list';
import { teacherListRequest } from './teacher-list';

/** The request of every widget that reads the API, by type; a type not here has no data. Props are the block's filled, migrated props. */
export const WIDGET_REQUESTS: Readonly<Record<string, WidgetRequestOf<any>>> = Object.freeze({
  'article-list': articleListRequest,
  'audio-playlist': audioPlaylistRequest,
  banner: bannerRequest,
  'book-shelf': bookShelfRequest,
  'class-list': classListRequest,
  'content-list': contentListRequest,
  'course-list': courseListRequest,
  'exam-cards': examCardsRequest,
  'game-list': gameListRequest,
  'knowledge-list': knowledgeListRequest,
  'live-room-list': liveRoomListRequest,
  'notice-list': noticeListRequest,
  'product-list': productListRequest,
  'rank-board': rankBoardRequest,
  'subject-list': subjectListRequest,
  'task-list': taskListRequest,
  'teacher-list': teacherListRequest,
});
