import { Type, type TSchema } from 'typebox';
import { TenantIdParam } from '../common';

// What every catalogue list (cm, train, exam, task, order) shares in its contract: the query and
// the card fields. The server's list helpers (server/modules/cm/catalogue.ts) re-export these.

/** A value or null, for columns a card may lack (a cover not uploaded yet). */
export const Nullable = <T extends TSchema>(type: T) => Type.Union([type, Type.Null()]);

/** Page number: from 1 (spec learning §9: pageNo defaults to 1). */
export const PageNo = Type.Integer({ minimum: 1, maximum: 10_000, default: 1, description: 'Page number, from 1.' });

/** Rows per page: the pager offers 5, 6, 10, 15 and 20 (spec learning §9); a home widget may ask up to 50. */
export const PageSize = Type.Integer({
  minimum: 1, maximum: 50, default: 10,
  description: 'Rows per page: the pager offers 5, 6, 10, 15 or 20; home widgets may ask any count up to 50.',
});

/** newest: latest publish time first; popular: the kind's own count (studies, views, enrolments) first. */
export const ListSort = Type.Enum(['newest', 'popular'], { default: 'newest', description: 'newest (default) or popular.' });

/** Paging only: for boards and lists without categories (ranks, providers). */
export const PageParams = {
  tenantId: TenantIdParam,
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
};

/** The label filter of the course, subject and content lists (GET /cfg/api/label/listLabel names them). */
export const LabelParam = {
  label: Type.Optional(Type.String({ maxLength: 50, description: 'Only items carrying this label, exactly (as listLabel names it).' })),
};

/** The query every category-filtered catalogue list takes. */
export const ListParams = {
  ...PageParams,
  categoryId: Type.Optional(Type.Integer({ minimum: 1, description: 'Only items in this category or any category under it.' })),
  searchValue: Type.Optional(Type.String({ maxLength: 100, description: 'Case-insensitive words in the title.' })),
  sort: Type.Optional(ListSort),
};

/** The card fields every listed item carries. */
export const CardFields = {
  id: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String({ description: 'Cover image URL (a site path such as /uploads/… or an absolute URL).' })),
  summary: Nullable(Type.String()),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  publishTime: Type.String({ format: 'date-time' }),
};
