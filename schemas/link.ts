import { Type, type Static } from 'typebox';

/**
 * A link item (spec shell §3 "Link item"). Navigation menus, banners and cards all point somewhere
 * through one of these; the client's link resolver turns it into a route or an external address.
 */
export const LinkItem = Type.Object(
  {
    linkUrl: Type.Optional(Type.String({ title: 'Address or route name', description: 'For linkType "url": an http(s) address, may contain {placeholders}. Otherwise a route name such as "course".' })),
    linkType: Type.Optional(Type.String({ title: 'Link type', description: '"url" opens an external address; "route" routes by name; "category" jumps to a list by purpose.' })),
    id: Type.Optional(Type.Union([Type.Integer(), Type.String()], { title: 'Target id', description: 'Id of the linked item, if any.' })),
    purpose: Type.Optional(Type.Integer({ title: 'Purpose', description: 'Category-jump purpose: 1 course, 2 knowledge, 3 content, 4 product, 6 search.' })),
    params: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String()], { title: 'Parameters', description: 'Extra query parameters, as an object or a JSON string; may contain matchId.' })),
    pageCode: Type.Optional(Type.String({ title: 'Page code', description: 'Template page code; codes starting with Pzy_ open /tabBarIndex.' })),
    pageCodeTitle: Type.Optional(Type.String({ title: 'Page title', description: 'Title shown on the tab page.' })),
    productType: Type.Optional(Type.Integer({ title: 'Product type', description: 'Shop product type; 8, 9 and 10 are reading-type.' })),
    prodId: Type.Optional(Type.Union([Type.Integer(), Type.String()], { title: 'Product id', description: 'Shop product id.' })),
    providerId: Type.Optional(Type.Union([Type.Integer(), Type.String()], { title: 'Provider id', description: 'School or merchant id.' })),
    state: Type.Optional(Type.Integer({ title: 'Provider state', description: '1 or -1 means the provider is off shelf.' })),
    orgType: Type.Optional(Type.Union([Type.String(), Type.Integer()], { title: 'Organisation type', description: 'Organisation type of the provider; "SCHOOL" links to its school page.' })),
  },
  { $id: 'LinkItem', title: 'Link item', description: 'Where a menu, banner or card leads (spec shell §3).' },
);
export type LinkItem = Static<typeof LinkItem>;
