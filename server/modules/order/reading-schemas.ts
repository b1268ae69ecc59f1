// TypeBox schemas of the reading calls (docs/api.md "Shop: reading"): the chapters of a reading
// product (types 8, 9, 10), one chapter, and the caller's bookshelf.
import { Type, type Static } from 'typebox';
import { PageNo, PageSize, Nullable } from '../cm/catalogue';
import { TenantIdParam } from '../../../schemas/common';

const ProductId = Type.Integer({ minimum: 1, description: 'The reading product (type 8 e-book, 9 audiobook or 10 serial).' });

export const ChapterListQuery = Type.Object({ tenantId: TenantIdParam, productId: ProductId });

export const ChapterQuery = Type.Object({
  tenantId: TenantIdParam,
  productId: ProductId,
  id: Type.Integer({ minimum: 1, description: 'The chapter id, from the chapter list.' }),
});

export const BookshelfQuery = Type.Object({ tenantId: TenantIdParam, pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) });

/** A chapter as the list shows it: never its text. */
export const ChapterItem = Type.Object({
  id: Type.Integer(),
  sort: Type.Integer({ description: 'Position in the book, from 1.' }),
  title: Type.String(),
  free: Type.Boolean({ description: 'A sample chapter anyone may read.' }),
  locked: Type.Boolean({ description: 'true: the caller may not read it yet (not free, and no paid order with this product).' }),
  hasAudio: Type.Boolean({ description: 'An audiobook chapter: it has an audio address to play.' }),
  duration: Type.Integer({ description: 'Seconds of audio; 0 without audio.' }),
});
export type ChapterItem = Static<typeof ChapterItem>;

export const ChapterList = Type.Object({
  productId: Type.Integer(),
  productType: Type.Integer({ description: '8 e-book, 9 audiobook, 10 serial.' }),
  owned: Type.Boolean({ description: 'The signed-in caller has a paid order (state 2 or 3) with this product; false for guests.' }),
  freeCount: Type.Integer(),
  chapters: Type.Array(ChapterItem),
});
export type ChapterList = Static<typeof ChapterList>;

/** One chapter with its text and audio, and its neighbours for previous / next. */
export const ChapterView = Type.Object({
  ...ChapterItem.properties,
  productId: Type.Integer(),
  count: Type.Integer({ description: 'Chapters in the book.' }),
  html: Nullable(Type.String({ description: 'The chapter text as HTML (show it through a sanitiser).' })),
  audioUrl: Nullable(Type.String({ description: 'The audio address (media:… or http(s)); decode it with GET /cm/api/media/decode.' })),
  prevId: Nullable(Type.Integer()),
  nextId: Nullable(Type.Integer()),
});
export type ChapterView = Static<typeof ChapterView>;

/** A book on the caller's shelf: the product as it is now, and when it was last bought. */
export const BookshelfItem = Type.Object({
  id: Type.Integer({ description: 'The product id.' }),
  title: Type.String(),
  cover: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  productType: Type.Integer(),
  providerName: Type.String(),
  chapterCount: Type.Integer(),
  boughtAt: Type.String({ format: 'date-time', description: 'When the latest paid order with it was paid.' }),
  orderId: Type.Integer({ description: 'That order.' }),
});
export type BookshelfItem = Static<typeof BookshelfItem>;
