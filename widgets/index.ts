// The widget library's entry (DESIGN "Layout": widgets/index.ts registers them all). One import per
// widgets/<type>/index.ts; each component loads lazily through its definition's load(), so this file
// adds only the definitions (schemas, defaults, data declarations) to the learner bundle. Editor
// metadata is in ./editor-meta.ts, which the learner bundle never imports.
import { createRegistry, type Registry } from '../src/runtime/registry';
import type { AnyWidgetDefinition } from '../src/runtime/widget-definition';
import { widget as articleList } from './article-list';
import { widget as audioPlaylist } from './audio-playlist';
import { widget as banner } from './banner';
import { widget as bookShelf } from './book-shelf';
import { widget as classList } from './class-list';
import { widget as columns } from './columns';
import { widget as contentList } from './content-list';
import { widget as courseList } from './course-list';
import { widget as examCards } from './exam-cards';
import { widget as gameList } from './game-list';
import { widget as imageAd } from './image-ad';
import { widget as knowledgeList } from './knowledge-list';
import { widget as liveRoomList } from './live-room-list';
import { widget as navGrid } from './nav-grid';
import { widget as noticeList } from './notice-list';
import { widget as productList } from './product-list';
import { widget as rankBoard } from './rank-board';
import { widget as richText } from './rich-text';
import { widget as spacer } from './spacer';
import { widget as subjectList } from './subject-list';
import { widget as taskList } from './task-list';
import { widget as teacherList } from './teacher-list';
import { widget as titleBar } from './title-bar';

/** Every widget of the library, in a stable (alphabetical) order. */
export const WIDGETS: readonly AnyWidgetDefinition[] = [
  articleList,
  audioPlaylist,
  banner,
  bookShelf,
  classList,
  columns,
  contentList,
  courseList,
  examCards,
  gameList,
  imageAd,
  knowledgeList,
  liveRoomList,
  navGrid,
  noticeList,
  productList,
  rankBoard,
  richText,
  spacer,
  subjectList,
  taskList,
  teacherList,
  titleBar,
];

/** Registers every widget of the library with the registry and returns it. */
export function registerWidgets(registry: Registry): Registry {
  for (const definition of WIDGETS) registry.register(definition);
  return registry;
}

/**
 * The learner portal's registry: every widget, limited to the tenant's allow-list when it has one
 * (undefined allows every registered type).
 */
export function createPortalRegistry(allow?: readonly string[]): Registry {
  return registerWidgets(createRegistry(allow ? { allow } : {}));
}
