// The signed-in user (spec shell §3 "Register info", "User info"; stored locally per tenant).
// The store mirrors browser storage: the API client reads the token from storage, so signing in
// and out always writes both.
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { LoginResult, UserInfo } from '../api/user';
import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME } from '../lib/constants';
import { deleteCookie, setCookie } from '../lib/cookies';
import { clearUserData, getRegisterInfo, getUserData, setLoggedOut, setRegisterInfo, setUserData, type RegisterInfo } from '../lib/storage';

/** The user store's state and actions. */
export interface UserState {
  tenantId: number | null;
  registerInfo: RegisterInfo | null;
  userInfo: UserInfo | null;
  /** Unread messages for the navbar bell; null until loaded (spec shell §6: only with a user id). */
  unreadCount: number | null;
  /** Items in the cart for shop tenants; null until loaded. */
  cartCount: number | null;

  /** Reads who is signed in for a tenant from storage (at start-up and after a tenant switch). */
  hydrate(tenantId: number): void;
  /** Records a successful sign-in: storage, the pctoken cookie and the logged-out flag. */
  signIn(tenantId: number, result: LoginResult): void;
  setUserInfo(info: UserInfo): void;
  setUnreadCount(count: number | null): void;
  setCartCount(count: number | null): void;
  /** Forgets the user locally (logout and flag 401); `onPurpose` sets the logged-out flag. */
  signOut(onPurpose: boolean): void;
}

const isUserInfo = (value: unknown): value is UserInfo =>
  typeof value === 'object' && value !== null && typeof (value as UserInfo).userId === 'number';

/** The user store. */
export const useUserStore = create<UserState>()(
  immer((set, get) => ({
    tenantId: null,
    registerInfo: null,
    userInfo: null,
    unreadCount: null,
    cartCount: null,
    hydrate: (tenantId) => {
      const registerInfo = getRegisterInfo(tenantId);
      const data = getUserData(tenantId);
      set((state) => {
        state.tenantId = tenantId;
        state.registerInfo = registerInfo?.token ? registerInfo : null;
        state.userInfo = registerInfo?.token && isUserInfo(data) ? data : null;
        state.unreadCount = null;
        state.cartCount = null;
      });
    },
    signIn: (tenantId, result) => {
      const registerInfo = { id: result.id, token: result.token };
      setRegisterInfo(tenantId, registerInfo);
      setUserData(tenantId, result.userInfo);
      setLoggedOut(tenantId, false);
      setCookie(AUTH_COOKIE_NAME, result.token, AUTH_COOKIE_DAYS);
      set((state) => {
        state.tenantId = tenantId;
        state.registerInfo = registerInfo;
        state.userInfo = result.userInfo;
        state.unreadCount = null;
        state.cartCount = null;
      });
    },
    setUserInfo: (info) => {
      const { tenantId } = get();
      if (tenantId !== null) setUserData(tenantId, info);
      set((state) => {
        state.userInfo = info;
      });
    },
    setUnreadCount: (count) => set((state) => { state.unreadCount = count; }),
    setCartCount: (count) => set((state) => { state.cartCount = count; }),
    signOut: (onPurpose) => {
      const { tenantId } = get();
      // spec shell §4 "Logout": clear user data, cart, register info, follow summary and login data.
      if (tenantId !== null) {
        clearUserData(tenantId);
        if (onPurpose) setLoggedOut(tenantId, true);
      }
      deleteCookie(AUTH_COOKIE_NAME);
      set((state) => {
        state.registerInfo = null;
        state.userInfo = null;
        state.unreadCount = null;
        state.cartCount = null;
      });
    },
  })),
);

/** True when a token is held for the current tenant (spec shell §2: "registration token"). */
export const selectSignedIn = (state: UserState): boolean => Boolean(state.registerInfo?.token);

/** The signed-in user's id, or null (spec shell §6: counts load only with a user id). */
export const selectUserId = (state: UserState): number | null => state.userInfo?.userId ?? null;

/** The name the navbar shows for the signed-in user: nickname, else real name, else account ('' with no user). */
export const selectDisplayName = (state: UserState): string =>
  state.userInfo?.nickName || state.userInfo?.realName || state.userInfo?.username || '';
