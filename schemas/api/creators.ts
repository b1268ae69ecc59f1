// Issue 20 part V: creators' works and the content authoring calls (spec learning §2 "Personal
// center" content: myWorks, myWorks/create; §7 "Content and learning": /cm/api/content/saveContent,
// uploadContent, savePart, applyAudit, searchUpload, partListPage, partInfo, contentInfo,
// getDownloadUrl, clearData; /cm/cmContent/save, /cm/cmContentPart/saveBatch, updateStateBatch).
// Server routes validate with these (server/modules/cm/authoring-*.ts); src/api/creators.ts derives
// its types. Rules: docs/shop-and-content.md part V.
import { Type, type Static } from 'typebox';
import { Id, NullableInput, TenantIdParam, Text } from '../common';
import { Nullable, PageNo, PageSize } from './list';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };

/** A work's title: at most this many characters. */
export const WORK_TITLE_MAX = 60;
/** A work's introduction: at most this many characters. */
export const WORK_INTRO_MAX = 1000;
/** A pen name: 1 to 40 characters (part U's author.pen_name). */
export const PEN_NAME_MAX = 40;
/** A chapter's title: at most this many characters. */
export const CHAPTER_TITLE_MAX = 60;
/** A chapter's HTML as the editor sends it: at most this many characters (before sanitising). */
export const CHAPTER_BODY_MAX = 200_000;
/** A work holds at most this many chapters. */
export const CHAPTERS_MAX = 500;
/** A work keeps at most this many attachments. */
export const ATTACHMENTS_MAX = 20;
/** A learner keeps at most this many works that are not published (drafts, in review, rejected). */
export const UNPUBLISHED_WORKS_MAX = 50;
/** The purposes a creator may write: 5 e-book, 7 serial (spec §9 reading purposes; 6 audiobook needs audio, not text). */
export const WORK_PURPOSES = [5, 7] as const;

/**
 * The words of a plain text, as the editor and the server count them: each CJK character is one,
 * each run of Latin letters or digits (with inner apostrophes or hyphens) is one.
 */
export function countWords(text: string): number {
  return text.match(/[\u3400-\u9fff\uf900-\ufaff]|[A-Za-z0-9\u00c0-\u024f]+(?:['’-][A-Za-z0-9\u00c0-\u024f]+)*/g)?.length ?? 0;
}

/**
 * Where a work stands for its author: draft (never submitted, or changed since), pending (in
 * review: nobody edits it), published (approved, readable), rejected (with the reviewer's reason).
 * A published work being changed again is `published` with `unsubmittedChanges` true.
 */
export const WorkState = Type.Union([Type.Literal('draft'), Type.Literal('pending'), Type.Literal('published'), Type.Literal('rejected')]);
export type WorkState = Static<typeof WorkState>;

/** A serial's progress: serialising 连载中, finished 已完结 (part U's content.serial_state). */
export const SerialState = Type.Union([Type.Literal('serialising'), Type.Literal('finished')]);
export type SerialState = Static<typeof SerialState>;

/** One of my works as myWorks lists it. */
export const MyWorkItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  intro: Nullable(Type.String()),
  cover: Nullable(Type.String()),
  purpose: Type.Integer({ description: '5 e-book or 7 serial.' }),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  state: WorkState,
  published: Type.Boolean({ description: 'Readers can open it (/content/noval/{id}); true also while a later change is in review.' }),
  unsubmittedChanges: Type.Boolean({ description: 'A published work changed since its last approval, not yet submitted.' }),
  auditReason: Nullable(Type.String({ description: 'The reviewer\'s reason when rejected.' })),
  auditedAt: Nullable(DateTime()),
  submittedAt: Nullable(DateTime()),
  serialState: Nullable(SerialState),
  wordCount: Type.Integer({ description: 'Words of all chapters as the author last saved them.' }),
  chapterCount: Type.Integer(),
  editedAt: Nullable(DateTime('When I last saved the work or a chapter.')),
});
export type MyWorkItem = Static<typeof MyWorkItem>;

/** An attachment of a work (uploadContent kind attachment). */
export const WorkAttachment = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  size: Nullable(Type.Integer()),
  mime: Nullable(Type.String()),
});
export type WorkAttachment = Static<typeof WorkAttachment>;

/** One of my works whole (contentInfo), for the editor. */
export const MyWork = Type.Object({
  ...MyWorkItem.properties,
  penName: Nullable(Type.String()),
  authorId: Nullable(Type.Integer()),
  attachments: Type.Array(WorkAttachment),
});
export type MyWork = Static<typeof MyWork>;

/** GET /cm/api/content/searchUpload: my works, newest edit first; state filters. */
export const MyWorksQuery = Type.Object({ tenantId: TenantIdParam, ...Paging, state: Type.Optional(WorkState) });
export type MyWorksQuery = Static<typeof MyWorksQuery>;

/** A work by id. */
export const WorkIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The work (content) id.' }) });
export type WorkIdQuery = Static<typeof WorkIdQuery>;
export const WorkIdBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The work (content) id.' }) });
export type WorkIdBody = Static<typeof WorkIdBody>;

/** The fields of a work's card an author edits. */
const WorkFields = {
  title: Text({ minLength: 1, maxLength: WORK_TITLE_MAX, description: 'The title, 1–60 characters.' }),
  intro: Type.Optional(Text({ maxLength: WORK_INTRO_MAX, description: 'The introduction (plain text), at most 1000 characters.' })),
  categoryId: Type.Optional(NullableInput(Id({ description: 'A reading category of the tenant (purpose 11); null: none.' }))),
  cover: Type.Optional(NullableInput(Text({ maxLength: 500, description: 'An image uploaded by this tenant (/uploads/…); null: none.' }))),
  purpose: Type.Optional(Type.Union([Type.Literal(5), Type.Literal(7)], { description: '5 e-book, 7 serial (default).' })),
};

/** POST /cm/api/content/saveContent: a new work (no id) or my draft's card; the first work asks the pen name. */
export const SaveWorkBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'The work to edit; absent: a new draft.' })),
  ...WorkFields,
  penName: Type.Optional(Text({ maxLength: PEN_NAME_MAX, description: 'My pen name: required for my first work (it creates my author page), ignored after.' })),
});
export type SaveWorkBody = Static<typeof SaveWorkBody>;

/** POST /cm/cmContent/save: changes the fields given of my work (the others stay), serial state included. */
export const PatchWorkBody = Type.Object({
  tenantId: TenantIdParam,
  id: Id({ description: 'The work to change.' }),
  title: Type.Optional(WorkFields.title),
  intro: WorkFields.intro,
  categoryId: WorkFields.categoryId,
  cover: WorkFields.cover,
  serialState: Type.Optional(SerialState),
});
export type PatchWorkBody = Static<typeof PatchWorkBody>;

/** POST /cm/api/content/uploadContent: attaches a file I uploaded (sm upload flow) to my work. */
export const UploadWorkFileBody = Type.Object({
  tenantId: TenantIdParam,
  contentId: Id({ description: 'My work.' }),
  role: Type.Union([Type.Literal('cover'), Type.Literal('attachment')], { description: 'cover replaces the cover; attachment adds a file readers may download.' }),
  url: Text({ minLength: 1, maxLength: 500, description: 'The fileUrl the upload answered (/uploads/u/{tenantId}/…).' }),
  name: Type.Optional(Text({ maxLength: 200, description: 'The file\'s name as shown (attachments).' })),
  size: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_000_000_000 })),
  mime: Type.Optional(Text({ maxLength: 100 })),
});
export type UploadWorkFileBody = Static<typeof UploadWorkFileBody>;

/** What uploadContent answers: the cover now, and the attachments. */
export const UploadWorkFileResult = Type.Object({ cover: Nullable(Type.String()), attachments: Type.Array(WorkAttachment) });
export type UploadWorkFileResult = Static<typeof UploadWorkFileResult>;

/** POST /cm/api/content/removeUpload (ours): removes an attachment of my work. */
export const RemoveWorkFileBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The attachment id.' }) });
export type RemoveWorkFileBody = Static<typeof RemoveWorkFileBody>;

/** A chapter as listed (no text). */
export const ChapterItem = Type.Object({
  id: Type.Integer(),
  contentId: Type.Integer(),
  title: Type.String(),
  sort: Type.Integer({ description: 'Position, from 1.' }),
  wordCount: Type.Integer(),
  shown: Type.Boolean({ description: 'Not hidden by its author (updateStateBatch).' }),
  published: Type.Boolean({ description: 'Readers see it now: shown, and its text approved.' }),
  updatedAt: Nullable(DateTime()),
});
export type ChapterItem = Static<typeof ChapterItem>;

/** A chapter whole (partInfo): the author gets the text as saved, a reader the approved text. */
export const ChapterDetail = Type.Object({ ...ChapterItem.properties, html: Type.String({ description: 'Sanitised HTML.' }) });
export type ChapterDetail = Static<typeof ChapterDetail>;

/** GET /cm/api/content/partListPage: a work's chapters in order, a page at a time. */
export const ChapterPageQuery = Type.Object({ tenantId: TenantIdParam, contentId: Id({ description: 'The work.' }), ...Paging });
export type ChapterPageQuery = Static<typeof ChapterPageQuery>;

/** GET /cm/api/content/partInfo: one chapter. */
export const ChapterIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The chapter (part) id.' }) });
export type ChapterIdQuery = Static<typeof ChapterIdQuery>;

/** POST /cm/api/content/savePart: a new chapter (no id, added last unless sort) or my chapter's title and text. */
export const SaveChapterBody = Type.Object({
  tenantId: TenantIdParam,
  contentId: Id({ description: 'My work.' }),
  id: Type.Optional(Id({ description: 'The chapter to edit; absent: a new one.' })),
  title: Text({ minLength: 1, maxLength: CHAPTER_TITLE_MAX, description: 'The chapter title, 1–60 characters.' }),
  html: Type.String({ maxLength: CHAPTER_BODY_MAX, description: 'The editor\'s HTML; sanitised on save (scripts, event handlers, unsafe links removed).' }),
  sort: Type.Optional(Type.Integer({ minimum: 1, maximum: CHAPTERS_MAX, description: 'A new chapter\'s position from 1; absent: last.' })),
});
export type SaveChapterBody = Static<typeof SaveChapterBody>;

/** POST /cm/api/content/delPart (ours): deletes my chapter. */
export const ChapterIdBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The chapter (part) id.' }) });
export type ChapterIdBody = Static<typeof ChapterIdBody>;

/** POST /cm/cmContentPart/saveBatch: every chapter of my work once, in its new order, with its title. */
export const ChapterBatchBody = Type.Object({
  tenantId: TenantIdParam,
  contentId: Id({ description: 'My work.' }),
  parts: Type.Array(Type.Object({
    id: Id({ description: 'A chapter of the work.' }),
    title: Text({ minLength: 1, maxLength: CHAPTER_TITLE_MAX }),
  }), { minItems: 1, maxItems: CHAPTERS_MAX, description: 'Every chapter of the work exactly once, in reading order.' }),
});
export type ChapterBatchBody = Static<typeof ChapterBatchBody>;

/** POST /cm/cmContentPart/updateStateBatch: shows (1) or hides (0) chapters of my work from readers. */
export const ChapterStateBody = Type.Object({
  tenantId: TenantIdParam,
  contentId: Id({ description: 'My work.' }),
  ids: Type.Array(Id(), { minItems: 1, maxItems: CHAPTERS_MAX, description: 'Chapters of the work.' }),
  state: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 shown (once approved), 0 hidden.' }),
});
export type ChapterStateBody = Static<typeof ChapterStateBody>;

/** GET /cm/api/content/getDownloadUrl: a signed link to an attachment (id). */
export const DownloadQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The attachment id.' }) });
export type DownloadQuery = Static<typeof DownloadQuery>;
export const DownloadLink = Type.Object({
  url: Type.String({ description: 'The signed link (/cm/api/content/download?…), valid until expireTime.' }),
  name: Type.String(),
  expireTime: DateTime(),
});
export type DownloadLink = Static<typeof DownloadLink>;

/** GET /cm/api/content/download (ours): where a signed link leads; it redirects to the file. */
export const DownloadRedirectQuery = Type.Object({
  tenantId: TenantIdParam,
  id: Id(),
  exp: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000, description: 'Expiry, epoch seconds.' }),
  sig: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});
export type DownloadRedirectQuery = Static<typeof DownloadRedirectQuery>;

/** GET /cm/api/content/partText (ours): the approved text of a shown chapter, as an HTML document (the reader's mediaUrl). */
export const ChapterTextQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The chapter (part) id.' }) });
export type ChapterTextQuery = Static<typeof ChapterTextQuery>;

/** GET /cm/api/content/myAuthor (ours): my pen name, or null before my first work. */
export const MyAuthor = Type.Object({ authorId: Nullable(Type.Integer()), penName: Nullable(Type.String()) });
export type MyAuthor = Static<typeof MyAuthor>;
export const TenantQuery = Type.Object({ tenantId: TenantIdParam });
export type TenantQuery = Static<typeof TenantQuery>;

/** What clearData answers. */
export const ClearResult = Type.Object({ id: Type.Integer(), chapters: Type.Integer({ description: 'Chapters deleted with it.' }) });
export type ClearResult = Static<typeof ClearResult>;

/** GET /cm/api/work/audit/workDetail (ours): a work in review with its chapters' text, for its reviewer. */
export const ReviewWork = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  intro: Nullable(Type.String()),
  cover: Nullable(Type.String()),
  purpose: Type.Integer(),
  penName: Nullable(Type.String()),
  uploaderName: Nullable(Type.String()),
  state: WorkState,
  submittedAt: Nullable(DateTime()),
  wordCount: Type.Integer(),
  chapters: Type.Array(ChapterDetail),
});
export type ReviewWork = Static<typeof ReviewWork>;
