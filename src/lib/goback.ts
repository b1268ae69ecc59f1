// spec shell §3 App state goback (for content, course, subject and class) and §4 "Leaving a detail
// page": when a list opens a micro-lesson/content, course, subject or class detail, the list's route
// (path + search) is remembered, and the detail's back action returns there instead of to a fixed
// page. One slot per kind, in sessionStorage: it belongs to this tab's visit. Tenant-agnostic: the
// routes are the router's own (basename /study excluded), and a tab runs one tenant.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The detail kinds that have a back action (spec shell §3 goback). */
export type GobackKind = 'content' | 'course' | 'subject' | 'class' | 'article';

const keyOf = (kind: GobackKind) => `portal.goback.${kind}`;

const session = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

// Only a path inside the app: "//host" or "https://…" would turn the back button into an open redirect.
const isAppPath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

/** Remembers the route a detail of this kind was opened from; `from` is path + search, e.g. "/course?pageNo=2". */
export function rememberGoback(kind: GobackKind, from: string): void {
  if (!isAppPath(from)) {
    console.warn(`The back route of a ${kind} detail must be a path inside the app such as "/course?pageNo=2", not "${from}"; it is not remembered.`);
    return;
  }
  try {
    session()?.setItem(keyOf(kind), from);
  } catch (error) {
    console.warn(`Could not remember the back route of a ${kind} detail; its back action will use its default page.`, error);
  }
}

/** Where a detail of this kind goes back to: the remembered route, else `fallback`. */
export function gobackTarget(kind: GobackKind, fallback: string): string {
  try {
    const stored = session()?.getItem(keyOf(kind));
    return isAppPath(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

/** Forgets the back route of a kind. */
export function clearGoback(kind: GobackKind): void {
  try {
    session()?.removeItem(keyOf(kind));
  } catch {
    // Blocked storage: nothing could have been remembered.
  }
}

/** For a list: a function that remembers the current route before opening a detail of a kind. */
export function useRememberGoback(): (kind: GobackKind) => void {
  const { pathname, search } = useLocation();
  return useCallback((kind: GobackKind) => rememberGoback(kind, pathname + search), [pathname, search]);
}

/**
 * For a detail page: `goBack()` navigates to the remembered list route (else `fallbackPath`) and
 * forgets it, so a later visit straight to a detail does not return to an old list.
 */
export function useGoback(kind: GobackKind, fallbackPath: string): { target: string; goBack(): void } {
  const navigate = useNavigate();
  const target = gobackTarget(kind, fallbackPath);
  const goBack = useCallback(() => {
    const to = gobackTarget(kind, fallbackPath);
    clearGoback(kind);
    void navigate(to);
  }, [kind, fallbackPath, navigate]);
  return { target, goBack };
}
