// Loads the navbar's unread-message count (spec shell §6: the unread count and the cart load only
// when there is a user id). It refreshes when the window regains focus and once a minute.
import { useEffect } from 'react';
import { getUnreadCount } from '../../api/user';
import { getCartCount } from '../../api/shop';
import { selectUserId, useUserStore } from '../../stores/user-store';

/** How often the unread count refreshes while the portal is open. */
export const UNREAD_REFRESH_MS = 60_000;

/** Keeps the user store's unreadCount current while `enabled` (a non-shop tenant). */
export function useUnreadCount(enabled: boolean): void {
  const userId = useUserStore(selectUserId);
  useEffect(() => {
    if (!enabled || userId === null) return;
    let live = true;
    const load = () => {
      getUnreadCount({ silent: true })
        .then((count) => live && useUserStore.getState().setUnreadCount(count))
        .catch((error: unknown) => console.warn('Loading the unread message count failed; the bell shows no count.', error));
    };
    load();
    const timer = setInterval(load, UNREAD_REFRESH_MS);
    const onFocus = () => load();
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [enabled, userId]);
}

/**
 * Keeps the user store's cartCount (pieces in the cart) current while `enabled` (a shop tenant with
 * a cart, spec shell §6). The shop pages publish the count after every cart change; this loads it at
 * sign-in and when the window regains focus (another tab may have changed the cart).
 */
export function useCartCount(enabled: boolean): void {
  const userId = useUserStore(selectUserId);
  useEffect(() => {
    if (!enabled || userId === null) return;
    let live = true;
    const load = () => {
      getCartCount({ silent: true })
        .then((count) => live && useUserStore.getState().setCartCount(count.itemCount))
        .catch((error: unknown) => console.warn('Loading the cart count failed; the cart icon shows no count.', error));
    };
    load();
    const onFocus = () => load();
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      window.removeEventListener('focus', onFocus);
    };
  }, [enabled, userId]);
}
