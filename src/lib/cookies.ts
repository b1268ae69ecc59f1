// Minimal cookie helpers: the portal writes one cookie (pctoken) and clears it on logout.

/** Sets a cookie for the whole origin that lasts the given number of days. */
export function setCookie(name: string, value: string, days: number): void {
  const maxAge = Math.round(days * 24 * 60 * 60);
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; SameSite=Lax`;
}

/** Removes a cookie set by setCookie. */
export function deleteCookie(name: string): void {
  document.cookie = `${name}=; max-age=0; path=/; SameSite=Lax`;
}
