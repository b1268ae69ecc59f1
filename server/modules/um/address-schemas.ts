// TypeBox schemas of the address book (spec learning §3 Address; §7 /um/umAddress/list2, save, update, delete).
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../../schemas/common';
import { Nullable } from '../cm/catalogue';

/** Most addresses a user may keep. */
export const MAX_ADDRESSES = 20;

export const AddressLabel = Type.Enum(['home', 'company', 'school'], { description: 'home, company or school (spec learning §3).' });

export const AddressItem = Type.Object({
  id: Type.Integer(),
  receiver: Type.String(),
  phone: Type.String({ description: 'A mainland mobile number, 11 digits.' }),
  area: Type.String({ description: 'Province, city and district, e.g. 浙江省 杭州市 西湖区.' }),
  detail: Type.String({ description: 'The detailed address: street, building, room.' }),
  label: Nullable(AddressLabel),
  isDefault: Type.Boolean(),
});
export type AddressItem = Static<typeof AddressItem>;

// Lengths are checked by the route, so a bad field gets a sentence in the user's words.
const AddressFields = {
  tenantId: TenantIdParam,
  receiver: Type.String({ maxLength: 200 }),
  phone: Type.String({ maxLength: 40 }),
  area: Type.String({ maxLength: 400 }),
  detail: Type.String({ maxLength: 800 }),
  label: Type.Optional(Nullable(AddressLabel)),
  isDefault: Type.Optional(Type.Boolean({ description: 'Make it the default (the previous default stops being one).' })),
};

export const SaveAddressBody = Type.Object(AddressFields);
export type SaveAddressBody = Static<typeof SaveAddressBody>;
export const UpdateAddressBody = Type.Object({ ...AddressFields, id: Type.Integer({ minimum: 1 }) });
export const DeleteAddressBody = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }) });
