// A settings link in the shell (the footer's columns and addresses). It resolves like the runtime's
// <RuntimeLink> (src/runtime/links.ts) but shows the off-shelf warning through the on-demand antd
// message (src/components/feedback), so the first paint carries no antd App/message/Modal code.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LinkItem } from '../../../schemas/link';
import { resolveLink, type LinkContext } from '../../runtime/links';
import { showMessage } from '../../components/feedback/feedback';

/** Renders a settings link: router Link, new-tab anchor, the 1 s off-shelf warning, or plain text. */
export function ShellLink({ link, ctx, children }: { link: LinkItem | null | undefined; ctx: LinkContext; children: ReactNode }) {
  const resolved = resolveLink(link, ctx);
  switch (resolved.kind) {
    case 'route':
      return (
        <Link to={resolved.to} {...(resolved.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {children}
        </Link>
      );
    case 'external':
      // The shell has no placeholder resolver (spec shell §7: the call is not in the contract yet).
      if (resolved.needsPlaceholderResolution) {
        return <span data-link-blocked="true" title="This link needs its placeholders resolved, and no resolver is configured.">{children}</span>;
      }
      return <a href={resolved.href} target="_blank" rel="noopener noreferrer">{children}</a>;
    case 'warning':
      return (
        <a
          href="#"
          onClick={(event) => {
            event.preventDefault();
            // spec shell §4: the off-shelf warning shows for 1 second and nothing navigates.
            showMessage('warning', resolved.message, resolved.duration);
          }}
        >
          {children}
        </a>
      );
    default:
      return <span data-link-blocked="true" title={resolved.reason}>{children}</span>;
  }
}
