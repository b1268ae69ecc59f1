// Editor-only metadata of every widget (labels, icons, categories, uiSchema) for the page designer
// and the widget gallery's admin view. Never import this from the learner bundle (docs/widgets.md).
import type { WidgetEditorMeta } from '../src/runtime/widget-definition';
import { meta as articleList } from './article-list/meta';
import { meta as audioPlaylist } from './audio-playlist/meta';
import { meta as banner } from './banner/meta';
import { meta as bookShelf } from './book-shelf/meta';
import { meta as classList } from './class-list/meta';
import { meta as columns } from './columns/meta';
import { meta as contentList } from './content-list/meta';
import { meta as courseList } from './course-list/meta';
import { meta as examCards } from './exam-cards/meta';
import { meta as gameList } from './game-list/meta';
import { meta as imageAd } from './image-ad/meta';
import { meta as knowledgeList } from './knowledge-list/meta';
import { meta as liveRoomList } from './live-room-list/meta';
import { meta as navGrid } from './nav-grid/meta';
import { meta as noticeList } from './notice-list/meta';
import { meta as productList } from './product-list/meta';
import { meta as rankBoard } from './rank-board/meta';
import { meta as richText } from './rich-text/meta';
import { meta as spacer } from './spacer/meta';
import { meta as subjectList } from './subject-list/meta';
import { meta as taskList } from './task-list/meta';
import { meta as teacherList } from './teacher-list/meta';
import { meta as titleBar } from './title-bar/meta';

/** Editor metadata by widget type. */
export const WIDGET_EDITOR_META: Readonly<Record<string, WidgetEditorMeta>> = {
  'article-list': articleList,
  'audio-playlist': audioPlaylist,
  'banner': banner,
  'book-shelf': bookShelf,
  'class-list': classList,
  'columns': columns,
  'content-list': contentList,
  'course-list': courseList,
  'exam-cards': examCards,
  'game-list': gameList,
  'image-ad': imageAd,
  'knowledge-list': knowledgeList,
  'live-room-list': liveRoomList,
  'nav-grid': navGrid,
  'notice-list': noticeList,
  'product-list': productList,
  'rank-board': rankBoard,
  'rich-text': richText,
  'spacer': spacer,
  'subject-list': subjectList,
  'task-list': taskList,
  'teacher-list': teacherList,
  'title-bar': titleBar,
};

/** Editor metadata of one widget type, if it has any. */
export function editorMetaOf(type: string): WidgetEditorMeta | undefined {
  return WIDGET_EDITOR_META[type];
}
