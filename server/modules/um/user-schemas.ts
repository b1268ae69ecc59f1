import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../../schemas/common';
import { Nullable } from '../cm/catalogue';

// Requests and answers of the sign-in calls (spec shell §7 "User and sign-in"); docs/api.md
// "Accounts and sign-in". Text fields are loosely typed here on purpose: the handlers check them
// so the user sees the spec's own messages (§5) instead of a schema message.

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
