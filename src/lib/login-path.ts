/** The sign-in address that brings the user back to `returnPath` afterwards (spec shell §2: query return). */
export function loginPath(returnPath: string): string {
  return `/login?return=${encodeURIComponent(returnPath)}`;
}
