// Following a resolved link from the shell: routes through the router, http(s) addresses in a
// new window (spec shell §2 "Link behaviour for menu items").
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BASE_PATH } from '../../lib/constants';
import { resolveExternalLink } from '../../api/external-link';
import { resolvePlaceholderLink, type LinkContext, type ResolvedLink } from '../../runtime/links';
import { showMessage } from '../../components/feedback/feedback';
import { useAppStore } from '../../stores/app-store';

/**
 * spec shell §2: a link with {placeholders} is resolved by the server first. The window opens at
 * once (inside the click, so no popup blocker stops it) and is sent on once the address is known;
 * a failure closes it (the error catalogue shows why).
 */
async function openWithPlaceholders(href: string): Promise<void> {
  const opened = window.open('about:blank', '_blank');
  if (opened) opened.opener = null;
  const resolved = await resolvePlaceholderLink(href, resolveExternalLink);
  if (resolved.kind !== 'external' || resolved.needsPlaceholderResolution) {
    opened?.close();
    if (resolved.kind === 'blocked') console.warn(`${resolved.reason} The link is not followed.`);
    return;
  }
  if (opened) opened.location.href = resolved.href;
  else window.open(resolved.href, '_blank', 'noopener,noreferrer');
}

/** Returns a function that follows a resolved link; blocked links only warn in the console. */
export function useOpenLink(): (target: ResolvedLink) => void {
  const navigate = useNavigate();
  return useCallback(
    (target: ResolvedLink) => {
      switch (target.kind) {
        case 'route':
          if (target.newTab) window.open(`${BASE_PATH}${target.to}`, '_blank', 'noopener,noreferrer');
          else void navigate(target.to);
          return;
        case 'external':
          if (target.needsPlaceholderResolution) void openWithPlaceholders(target.href);
          else window.open(target.href, '_blank', 'noopener,noreferrer');
          return;
        case 'warning':
          // antd's message loads on demand (src/components/feedback), themed by the app's ConfigProvider.
          showMessage('warning', target.message, target.duration);
          return;
        default:
          console.warn(`${target.reason} The link is not followed.`);
      }
    },
    [navigate],
  );
}

/** True for a plain left click, which the app handles; modified clicks keep the browser's behaviour. */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** What link resolution needs from the tenant and language (school vs merchant wording, locale). */
export function useLinkContext(): LinkContext {
  const makeForSchool = useAppStore((s) => s.options.makeForSchool);
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'zh';
  return useMemo(() => ({ makeForSchool, locale }), [makeForSchool, locale]);
}
