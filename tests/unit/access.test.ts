import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessInput } from '../../src/app/access';

// spec shell §2 "Access", §4 "Login requirement", §6: one test per rule.
const base: AccessInput = { routeName: 'home', meta: {}, authOpen: true, forceLogin: null, signedIn: false, defaultLogin: false, defaultLoginTried: false };
const decide = (over: Partial<AccessInput>) => decideAccess({ ...base, ...over }).kind;

describe('decideAccess', () => {
  it('lets a signed-in user in everywhere', () => {
    expect(decide({ signedIn: true, meta: { auth: true }, authOpen: false })).toBe('allow');
  });

  it('sends a visitor without a token on an auth route to /login', () => {
    expect(decide({ meta: { auth: true } })).toBe('login');
  });

  it('keeps routes without the auth flag open while auth.open is on', () => {
    expect(decide({})).toBe('allow');
  });

  it('with auth.open off, requires sign-in on every route', () => {
    expect(decide({ authOpen: false, routeName: 'search' })).toBe('login');
    expect(decide({ authOpen: false, routeName: 'home', forceLogin: 1 })).toBe('login');
  });

  it('with auth.open off, keeps login, createUser and chatRoomtest open', () => {
    for (const routeName of ['login', 'createUser', 'chatRoomtest']) expect(decide({ authOpen: false, routeName })).toBe('allow');
    expect(decide({ authOpen: false, routeName: 'subHomeLogin', meta: { isLogin: true } })).toBe('allow');
  });

  it('with auth.open off and forceLogin 2, lets visitors in', () => {
    expect(decide({ authOpen: false, forceLogin: 2 })).toBe('allow');
  });

  it('forceLogin 2 does not open a route that carries the auth flag', () => {
    expect(decide({ authOpen: false, forceLogin: 2, meta: { auth: true } })).toBe('login');
  });

  it('with auth.open on, attempts the default login only when the tenant asks for it', () => {
    expect(decide({ defaultLogin: true })).toBe('default-login');
    expect(decide({ defaultLogin: false })).toBe('allow');
  });

  it('tries the default login once, then follows the ordinary rules', () => {
    expect(decide({ defaultLogin: true, defaultLoginTried: true })).toBe('allow');
    expect(decide({ defaultLogin: true, defaultLoginTried: true, meta: { auth: true } })).toBe('login');
  });

  it('tries the default login before sending a visitor on an auth route to /login', () => {
    expect(decide({ defaultLogin: true, meta: { auth: true } })).toBe('default-login');
  });

  it('never attempts the default login on a route with authDefault 2', () => {
    expect(decide({ defaultLogin: true, meta: { authDefault: 2 } })).toBe('allow');
  });

  it('does not attempt the default login while auth.open is off', () => {
    expect(decide({ authOpen: false, defaultLogin: true })).toBe('login');
  });
});
