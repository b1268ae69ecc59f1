// Every widget contract of the library (schemas/widgets/<type>.ts), by type: the server's template
// check (server/lib/template-check.ts) judges saved templates with these, and widgets/index.ts
// registers a definition built from each (tests/unit/widget-contracts.test.ts keeps the two in step).
import type { AnyWidgetContract, WidgetContract } from './contract';
import { articleListContract } from './article-list';
import { audioPlaylistContract } from './audio-playlist';
import { bannerContract } from './banner';
import { bookShelfContract } from './book-shelf';
import { classListContract } from './class-list';
import { columnsContract } from './columns';
import { contentListContract } from './content-list';
import { courseListContract } from './course-list';
import { examCardsContract } from './exam-cards';
import { gameListContract } from './game-list';
import { imageAdContract } from './image-ad';
import { knowledgeListContract } from './knowledge-list';
import { liveRoomListContract } from './live-room-list';
import { navGridContract } from './nav-grid';
import { noticeListContract } from './notice-list';
import { productListContract } from './product-list';
import { rankBoardContract } from './rank-board';
import { richTextContract } from './rich-text';
import { spacerContract } from './spacer';
import { subjectListContract } from './subject-list';
import { taskListContract } from './task-list';
import { teacherListContract } from './teacher-list';
import { titleBarContract } from './title-bar';

/** Every contract, in a stable (alphabetical) order. */
export const CONTRACT_LIST: readonly AnyWidgetContract[] = [
  articleListContract,
  audioPlaylistContract,
  bannerContract,
  bookShelfContract,
  classListContract,
  columnsContract,
  contentListContract,
  courseListContract,
  examCardsContract,
  gameListContract,
  imageAdContract,
  knowledgeListContract,
  liveRoomListContract,
  navGridContract,
  noticeListContract,
  productListContract,
  rankBoardContract,
  richTextContract,
  spacerContract,
  subjectListContract,
  taskListContract,
  teacherListContract,
  titleBarContract,
];

/** The contracts by widget type. */
export const WIDGET_CONTRACTS: Readonly<Record<string, WidgetContract>> = Object.freeze(Object.fromEntries(CONTRACT_LIST.map((c) => [c.type, c])));
