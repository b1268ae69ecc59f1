// Sign-in and user calls (spec shell §7 "User and sign-in", "Messages"; contracts in docs/api.md).
// Passwords leave the browser only as the md5 of the trimmed text (spec shell §5 "Passwords").
import type {
  BindMobileResult, BoundMobile, ChecknumSent, LoginResult, MessageTypeItem, ModProfileBody, UserInfo, UserMessage,
} from '../../schemas/api/um';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

// The signed-in user (spec shell §3 "User info") and what every sign-in call returns (the register
// info: id, token; and the user): the server's response schemas (schemas/api/um.ts), derived
// (issue 14 point 4).
export type { LoginResult, UserInfo } from '../../schemas/api/um';

/**
 * spec shell §5: passwords are sent as the md5 hash of the trimmed text. js-md5 loads on the first
 * password sent (issue 15 point 3: not with the home's JS).
 */
export async function hashPassword(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password.trim());
}

/** Account + password sign-in. */
export async function loginByAccount(account: string, password: string, extra: Record<string, unknown> = {}): Promise<LoginResult> {
  return apiPost<LoginResult>('/um/api/user/loginByAccount', { account: account.trim(), password: await hashPassword(password), ...extra }, { silent: true });
}

/**
 * Sends a verification code to a mobile (spec shell §4 "Verification-code button"). `captchaUuid`
 * is a passed slider puzzle, for when the server answered CAPTCHA_REQUIRED (docs/api.md).
 */
export function applyChecknum(mobile: string, captchaUuid?: string): Promise<ChecknumSent> {
  return apiGet<ChecknumSent>('/um/api/user/applyChecknum', { mobile: mobile.trim(), ...(captchaUuid ? { captchaUuid } : {}) }, { silent: true });
}

/** Mobile + verification code sign-in. */
export function loginByMobile(mobile: string, checkNum: string): Promise<LoginResult> {
  return apiPost<LoginResult>('/um/api/user/loginByMobile', { mobile: mobile.trim(), checkNum: checkNum.trim() }, { silent: true });
}

/** The registration form (spec shell §2 /user/create). */
export interface RegisterForm {
  account: string;
  password: string;
  mobile?: string;
  checkNum?: string;
  realName?: string;
}

/** Registers and signs in. USER_ALREADY_REG goes through the error catalogue (spec shell §8). */
export async function register(form: RegisterForm): Promise<LoginResult> {
  const body: Record<string, unknown> = { account: form.account.trim(), password: await hashPassword(form.password) };
  if (form.mobile) body.mobile = form.mobile.trim();
  if (form.checkNum) body.checkNum = form.checkNum.trim();
  if (form.realName) body.realName = form.realName.trim();
  return apiPost<LoginResult>('/um/api/user/register', body);
}

/** Revokes the current token on the server. */
export function logoutOnServer(): Promise<unknown> {
  return apiPost('/um/api/user/logout', {}, { silent: true });
}

/** The signed-in user's info. */
export function getUserInfo(userId: number, opts: ApiOptions = {}): Promise<UserInfo> {
  return apiGet<UserInfo>('/um/api/user/info', { userId }, opts);
}

/** The unread message count for the navbar bell (spec shell §6: only with a user id). */
export function getUnreadCount(opts: ApiOptions = {}): Promise<number> {
  return apiGet<number>('/um/api/message/getUserUnReadCount', {}, opts);
}

/** A message of the message center (schemas/api/um.ts). */
export type { UserMessage } from '../../schemas/api/um';

/** A page of the user's messages. */
export function searchMessages(params: { pageNo: number; pageSize: number; type?: number; state?: number }): Promise<Paged<UserMessage>> {
  return apiGet<Paged<UserMessage>>('/um/api/message/searchByUser', params);
}

/**
 * The tenant's default sign-in (spec shell §4: with auth.open on, the tenant's settings decide
 * whether a default login is attempted). The server signs in the account the tenant configured.
 */
export function defaultLogin(): Promise<LoginResult> {
  return apiPost<LoginResult>('/um/api/user/defaultLogin', {}, { silent: true });
}

/** A message type with the user's unread count in it (schemas/api/um.ts MessageTypeItem). */
export type MessageType = MessageTypeItem;

/** The message types of the message center. */
export function queryMessageTypes(): Promise<MessageType[]> {
  return apiGet<MessageType[]>('/um/api/message/queryMessageType');
}

/** Opens (and marks read) one of the user's messages. */
export function readMessage(id: number): Promise<UserMessage> {
  return apiGet<UserMessage>('/um/api/message/readMessage', { id });
}

/** Marks several messages read (state 1) or unread (state 0); returns how many changed. */
export function updateMessageBatch(ids: number[], state: 0 | 1): Promise<number> {
  return apiPost<number>('/um/api/message/updateMessageBatch', { ids, state });
}

/** spec shell §7: the bound mobile is shown masked, the first 3 and last 4 digits. */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}

/** The user's bound mobile, masked by the server; null when none is bound. */
export function getBindMobile(): Promise<BoundMobile> {
  return apiGet<BoundMobile>('/um/api/user/getBindMobile');
}

/** Binds a mobile after its verification code (spec shell §7). */
export function bindMobile(mobile: string, checkNum: string): Promise<BindMobileResult> {
  return apiPost<BindMobileResult>('/um/api/user/bindMobile', { mobile: mobile.trim(), checkNum: checkNum.trim() });
}

/**
 * Changes the password (spec shell §7): both passwords leave the browser as md5 of the trimmed text.
 * Silent: the page turns the server's 用户名或密码错误 into 旧密码输入错误 (spec shell §8).
 */
export async function modifyPassword(oldPassword: string, newPassword: string): Promise<unknown> {
  return apiPost('/um/api/user/modifyPassword', { password: await hashPassword(oldPassword), newPassword: await hashPassword(newPassword) }, { silent: true });
}

/**
 * The profile form (spec shell §2 "User-information dialog"); only userPower fields may change. The
 * modProfile body schema without tenantId, which the client adds.
 */
export type ProfileForm = Omit<ModProfileBody, 'tenantId'>;

/** Saves the profile; resolves to the updated user (spec shell §8: flag 0 means success). */
export function modProfile(form: ProfileForm): Promise<UserInfo> {
  return apiPost<UserInfo>('/um/api/user/modProfile', { ...form }, { silent: true });
}
