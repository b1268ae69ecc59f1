import { Type, type Static } from 'typebox';
import { LinkItem } from '../../../schemas/link';
import { Nullable } from '../cm/catalogue';

/** A carousel slide. */
export const BannerItem = Type.Object({
  id: Type.Integer(),
  storeId: Nullable(Type.Integer({ description: 'null: shown in every store.' })),
  position: Type.String({ description: 'Where it shows: home, course, shop, …' }),
  title: Type.String(),
  image: Type.String({ description: 'Image URL.' }),
  link: Nullable(LinkItem),
  sort: Type.Integer(),
});
export type BannerItem = Static<typeof BannerItem>;
