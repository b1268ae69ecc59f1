// The um service's contract (spec shell §7 "User and sign-in", learning §7 "User-related"): sign-in,
// boards, the address book, messages and study time (SSO and third-party sign-in: um-sso.ts).
// Server routes validate with these; src/api derives its types.
import { Type, type Static } from 'typebox';
import { TenantInfo } from '../tenant-settings';
import { TenantIdParam, EpochMs, NullableInput } from '../common';
import { Nullable, PageNo, PageParams, PageSize } from './list';

// --- Sign-in and the user ---
// Requests and answers of the sign-in calls (spec shell §7 "User and sign-in"); docs/api.md
// "Accounts and sign-in". Text fields are loosely typed here on purpose: the handlers check them
// so the user sees the spec's own messages (§5) instead of a schema message.

/** One teacher-side grant: a role over one class, exam or room; scopeType and scopeId null: the whole tenant. */
export const RoleGrant = Type.Object({
  role: Type.Union([Type.Literal('teacher'), Type.Literal('marker'), Type.Literal('invigilator')]),
  scopeType: Nullable(Type.Union([Type.Literal('classes'), Type.Literal('exam'), Type.Literal('room'), Type.Literal('match')])),
  scopeId: Nullable(Type.Integer()),
});
export type RoleGrant = Static<typeof RoleGrant>;

/** The signed-in user (spec shell §3 "User info"). */
export const UserInfo = Type.Object({
  userId: Type.Integer(),
  avatarImg: Nullable(Type.String()),
  username: Type.String({ description: 'The account.' }),
  realName: Nullable(Type.String()),
  nickName: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  email: Nullable(Type.String()),
  gender: Nullable(Type.Enum(['M', 'F'])),
  birthday: Nullable(Type.Integer({ description: 'Epoch milliseconds.' })),
  summary: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  postName: Nullable(Type.String()),
  countyCode: Nullable(Type.String()),
  countyName: Nullable(Type.String()),
  adminAuth: Type.Boolean(),
  roles: Type.Optional(Type.Array(RoleGrant, { description: 'Teacher-side grants (spec learning §6; docs/decisions.md "Roles: user_role"): empty for a learner.' })),
});
export type UserInfo = Static<typeof UserInfo>;

/** What every sign-in call returns: the register info (id, token; spec shell §3) and the user. */
export const LoginResult = Type.Object({
  id: Type.Integer({ description: 'The user id.' }),
  token: Type.String({ description: 'Send it as the `token` header on every call (or the pctoken cookie).' }),
  expireTime: Type.String({ format: 'date-time', description: '15 days after sign-in.' }),
  userInfo: UserInfo,
});
export type LoginResult = Static<typeof LoginResult>;

const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const Md5 = Type.String({ maxLength: 64, description: 'md5 hex of the trimmed password (spec shell §5).' });

export const LoginByAccountBody = Type.Object({
  tenantId: TenantIdParam,
  account: Text(64, 'The account.'),
  password: Md5,
  captchaUuid: Type.Optional(Type.String({ maxLength: 64, description: 'The uuid of a slider captcha passed just before, when the tenant sets PcLoginConfig.loginConfig.slideCaptcha.' })),
});

export const ApplyChecknumQuery = Type.Object({
  tenantId: TenantIdParam,
  mobile: Type.Optional(Text(32, '11-digit mobile number.')),
  captchaUuid: Type.Optional(Text(128, 'A passed slider puzzle\'s uuid: needed once this address has asked codes for several mobiles (CAPTCHA_REQUIRED).')),
});

export const LoginByMobileBody = Type.Object({
  tenantId: TenantIdParam,
  mobile: Text(32, '11-digit mobile number.'),
  checkNum: Text(16, 'The 6-digit code from applyChecknum.'),
});

export const RegisterBody = Type.Object({
  tenantId: TenantIdParam,
  account: Text(64, '3 to 32 characters: letters, digits and _ @ . -'),
  password: Md5,
  mobile: Type.Optional(Text(32, 'Optional; when given, checkNum is required.')),
  checkNum: Type.Optional(Text(16, 'The code sent to mobile.')),
  realName: Type.Optional(Text(50, 'Real name.')),
  nickName: Type.Optional(Text(50, 'Nickname.')),
});

export const UserInfoQuery = Type.Object({
  tenantId: TenantIdParam,
  userId: Type.Optional(Type.Integer({ minimum: 1, description: 'Must be the signed-in user; defaults to them.' })),
});

export const FollowSummary = Type.Object({
  followCount: Type.Integer({ description: 'Users this user follows (no follow data yet: 0).' }),
  fansCount: Type.Integer({ description: 'Users following this user (no follow data yet: 0).' }),
  points: Type.Integer({ description: 'Points on the points board.' }),
  unreadCount: Type.Integer({ description: 'Unread messages.' }),
});

/** The messages the sign-in calls answer with (spec shell §5, §8). */
export const SignInMessages = {
  badCredentials: '用户名或密码错误',
  loginLimited: '登录失败次数过多，请10分钟后再试',
  captchaRequired: '请先完成滑块验证',
  smsSourceLimit: '验证码请求过于频繁，请1小时后再试',
  smsTenantLimit: '验证码发送繁忙，请稍后再试',
  accountRequired: '帐号不能为空',
  passwordRequired: '密码不能为空',
  mobileRequired: '手机号不能为空',
  mobileInvalid: '请填写正确的手机号码',
  codeRequired: '验证码不能为空',
  codeSent: '验证码已发送',
  codeWrong: '验证码错误或已过期',
  smsDailyLimit: '今日验证码发送次数已达上限',
  smsTooSoon: (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`,
  accountTaken: '该账号已存在',
  accountInvalid: '账号须为3~32位字母、数字或 _ @ . -',
  mobileTaken: '该手机号已绑定其他账号',
  mobileNotRegistered: '该手机号尚未注册',
  notYourInfo: '无权查看该用户信息',
} as const;

// --- Boards ---
/** A row of the points board (/integral/rank, /scoreboard). */
export const IntegralRankItem = Type.Object({
  rank: Type.Integer({ description: 'From 1; equal points share a rank.' }),
  userId: Type.Integer(),
  name: Type.String({ description: 'Nickname, else real name; never the account.' }),
  avatar: Nullable(Type.String()),
  points: Type.Integer(),
});
export type IntegralRankItem = Static<typeof IntegralRankItem>;

/** A row of the teacher board (/teacherList). */
export const TeacherRankItem = Type.Object({
  rank: Type.Integer({ description: 'From 1 over all teachers; equal scores share a rank.' }),
  id: Type.Integer(),
  name: Type.String(),
  title: Nullable(Type.String({ description: 'Job title, e.g. Senior lecturer.' })),
  avatar: Nullable(Type.String()),
  intro: Nullable(Type.String()),
  score: Type.Integer({ description: 'Contribution score the board ranks by.' }),
  courseCount: Type.Integer({ description: 'Published courses taught.' }),
});
export type TeacherRankItem = Static<typeof TeacherRankItem>;

// --- Address book ---
// TypeBox schemas of the address book (spec learning §3 Address; §7 /um/umAddress/list2, save, update, delete).
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

// --- Messages ---
// The message center calls (spec shell §7 "Messages", /user/center/study/myNews).

/** Message types and their names; the spec names none, so these three are ours (docs/api.md). */
export const MESSAGE_TYPES = [
  { type: 1, name: '系统通知' }, // system notice
  { type: 2, name: '学习提醒' }, // study reminder
  { type: 3, name: '考试通知' }, // exam notice
] as const;

const MessageTypeId = Type.Integer({ minimum: 1, maximum: 3, description: '1 system notice, 2 study reminder, 3 exam notice.' });
const MessageState = Type.Integer({ minimum: 0, maximum: 1, description: '0 unread, 1 read.' });

/** A message of the message center. */
export const UserMessage = Type.Object({
  id: Type.Integer(),
  type: MessageTypeId,
  title: Type.String(),
  content: Type.String(),
  state: MessageState,
  createTime: Type.String({ format: 'date-time' }),
});
export type UserMessage = Static<typeof UserMessage>;

/** A message type with the user's unread count in it. */
export const MessageTypeItem = Type.Object({
  type: MessageTypeId,
  name: Type.String(),
  unread: Type.Integer(),
});
export type MessageTypeItem = Static<typeof MessageTypeItem>;

export const TenantQuery = Type.Object({ tenantId: TenantIdParam });

export const SearchByUserQuery = Type.Object({
  tenantId: TenantIdParam,
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
  type: Type.Optional(MessageTypeId),
  state: Type.Optional(MessageState),
});

export const ReadMessageQuery = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Integer({ minimum: 1, description: 'The message id.' }),
});

export const UpdateMessageBatchBody = Type.Object({
  tenantId: TenantIdParam,
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 200, description: 'Message ids; ids of other users are ignored.' }),
  state: MessageState,
});

// --- Study time per day ---
// Study time per day (issue 7 item 6, myStudyRecord; spec learning §7 "User-related":
// GET /um/api/userIntegrate/dailyStudyHours, whose parameters the spec does not show: docs/api.md
// "Study time per day" records the design).

/** The longest range one call answers: a year, leap day included. */
export const MAX_RANGE_DAYS = 366;

const DateParam = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const DailyStudyQuery = Type.Object({
  tenantId: TenantIdParam,
  startDate: Type.Optional(DateParam('First day, YYYY-MM-DD, in the tenant\'s time zone. With endDate; without both, the last `days` days.')),
  endDate: Type.Optional(DateParam('Last day, YYYY-MM-DD, inclusive.')),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RANGE_DAYS, default: 7, description: 'Without startDate/endDate: this many days ending today (default 7).' })),
});
export type DailyStudyQuery = Static<typeof DailyStudyQuery>;

export const StudyDay = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD in the tenant\'s time zone.' }),
  seconds: Type.Integer({ minimum: 0, maximum: 86_400, description: 'Seconds studied that day (played, watched or read).' }),
});
export type StudyDay = Static<typeof StudyDay>;

export const DailyStudyHours = Type.Object({
  timeZone: Type.String({ description: 'The IANA zone the days are counted in (the tenant\'s).' }),
  today: Type.String({ description: 'Today in that zone, YYYY-MM-DD.' }),
  startDate: Type.String(),
  endDate: Type.String(),
  days: Type.Array(StudyDay, { description: 'Every day of the range, oldest first; days without study have 0 seconds.' }),
  rangeSeconds: Type.Integer({ minimum: 0, description: 'Sum of the range.' }),
  todaySeconds: Type.Integer({ minimum: 0 }),
  totalSeconds: Type.Integer({ minimum: 0, description: 'All study time ever recorded per day.' }),
  studyDays: Type.Integer({ minimum: 0, description: 'Days with any study, ever.' }),
});
export type DailyStudyHours = Static<typeof DailyStudyHours>;

// --- The tenant directory (spec shell §7 "Tenant and settings") ---
/** The query of GET /um/api/tenant/getByCode. */
export const TenantByCodeQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: 63, description: 'The first label of the host name.' }) });

/** What getByCode answers: the tenant, whose id the client keeps. */
export const TenantByCode = Type.Object({ tenant: TenantInfo });
export type TenantByCode = Static<typeof TenantByCode>;

// --- Profile and account security (spec shell §5 "Profile editing", §7, §8) ---
// An empty field is sent as null and stays null: NullableInput, not a union that ajv's coercion
// turns into 0 or "" (a birthday nobody entered was saved as 1970-01-01).
const ProfileText = (maxLength: number, description: string) => Type.Optional(NullableInput(Type.String({ maxLength, description })));

/** The body of POST /um/api/user/modProfile: each field is one userPower index. */
export const ModProfileBody = Type.Object({
  tenantId: TenantIdParam,
  avatarImg: ProfileText(500, 'userPower 0: avatar image address.'),
  realName: ProfileText(32, 'userPower 1.'),
  nickName: ProfileText(32, 'userPower 2.'),
  email: ProfileText(100, 'userPower 3.'),
  gender: Type.Optional(Type.Union([Type.Literal('M'), Type.Literal('F'), Type.Null()], { description: 'userPower 4.' })),
  orgName: ProfileText(64, 'userPower 5: department.'),
  postName: ProfileText(64, 'userPower 6: position.'),
  countyCode: ProfileText(32, 'userPower 7: region code.'),
  countyName: ProfileText(64, 'userPower 7: region name.'),
  birthday: Type.Optional(NullableInput(EpochMs({ description: 'userPower 8: epoch milliseconds; null clears it.' }))),
  summary: ProfileText(100, 'userPower 9: at most 100 characters (spec shell §9).'),
});
export type ModProfileBody = Static<typeof ModProfileBody>;

/** The bound mobile, masked (first 3 and last 4 digits), or null. */
export const BoundMobile = Type.Object({ mobile: Type.Union([Type.String(), Type.Null()]) });
export type BoundMobile = Static<typeof BoundMobile>;

/** The body of POST /um/api/user/bindMobile. */
export const BindMobileBody = Type.Object({ tenantId: TenantIdParam, mobile: Type.String({ maxLength: 20 }), checkNum: Type.String({ maxLength: 10 }) });

/** The newly bound mobile, masked. */
export const BindMobileResult = Type.Object({ mobile: Type.String() });
export type BindMobileResult = Static<typeof BindMobileResult>;

/** The body of POST /um/api/user/modifyPassword: both md5 of the trimmed text. */
export const ModifyPasswordBody = Type.Object({ tenantId: TenantIdParam, password: Type.String({ maxLength: 64 }), newPassword: Type.String({ maxLength: 64 }) });

/** The body of POST /um/api/user/defaultLogin. */
export const DefaultLoginBody = Type.Object({ tenantId: TenantIdParam });

/** What applyChecknum answers: when another code may be asked. */
export const ChecknumSent = Type.Object({ retryAfter: Type.Integer({ description: 'Seconds before another code may be asked.' }) });
export type ChecknumSent = Static<typeof ChecknumSent>;

/** What deleting an address answers: the id removed. */
export const DeletedAddress = Type.Object({ id: Type.Integer() });
export type DeletedAddress = Static<typeof DeletedAddress>;

// --- Board queries ---
/** The query of GET /um/api/userIntegrate/rank. */
export const IntegralRankQuery = Type.Object(PageParams);

/** The query of GET /um/api/teacher/rank. */
export const TeacherRankQuery = Type.Object({ ...PageParams, searchValue: Type.Optional(Type.String({ maxLength: 100, description: 'Case-insensitive words in the name.' })) });
