import { createContext, useContext, useMemo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Link, useHref, useInRouterContext, useNavigate } from 'react-router';
import { showMessage } from '../components/feedback/feedback';
import type { LinkItem } from '../../schemas/link';
import { useRuntimeContext } from './context';
import { resolveLink, resolvePlaceholderLink, type LinkContext, type ResolvedLink } from './links';
import type { RuntimeContext } from './widget-definition';

export interface RuntimeLinkProps {
  /** The link item from settings. */
  link: LinkItem | null | undefined;
  /** Wording and placeholder options; the nearest PageRenderer's context when absent. */
  ctx?: LinkContext & Pick<RuntimeContext, 'resolvePlaceholders'>;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  title?: string;
  /** data-* attributes for the link element, e.g. `{ 'data-letter': 'C' }` for a widget's CSS. */
  data?: { [name: `data-${string}`]: string };
}

/**
 * Route links of a page, made once per page instead of once per link (issue 15 point 2): a router
 * <Link> runs about ten hooks and an effect per link, and a page of link cards has hundreds. A
 * route link below this provider is a plain anchor with the router's address and a click handler
 * that does what <Link>'s does (left click without modifier keys, no target: client navigation).
 */
interface RouteLinks {
  href: (to: string) => string;
  navigate: (to: string) => void;
}

const RouteLinksContext = createContext<RouteLinks | null>(null);

const joinPaths = (base: string, path: string) => `${base}/${path}`.replace(/\/\/+/g, '/');

function RouterLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // The router's basename as its hrefs carry it (useHref('/') is the basename itself, e.g. /study).
  const base = useHref('/');
  const value = useMemo((): RouteLinks => ({
    href: (to) => {
      const split = to.search(/[?#]/);
      const pathname = split < 0 ? to : to.slice(0, split);
      const rest = split < 0 ? '' : to.slice(split);
      return (pathname === '/' ? base : joinPaths(base, pathname)) + rest;
    },
    navigate: (to) => void navigate(to),
  }), [base, navigate]);
  return <RouteLinksContext value={value}>{children}</RouteLinksContext>;
}

/** Gives the route links below it one shared navigator (PageRenderer wraps its page in it); outside a router it adds nothing. */
export function PageRouteLinks({ children }: { children: ReactNode }) {
  return useInRouterContext() ? <RouterLinks>{children}</RouterLinks> : children;
}

/** react-router's rule for a click the router handles (useLinkClickHandler): primary button, no modifier keys. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/**
 * Renders a settings link: a router Link for routes, an anchor (new tab, no opener) for http(s)
 * addresses, the 1 s off-shelf warning for unavailable providers, and plain text for blocked links.
 */
export function RuntimeLink({ link, ctx: ctxProp, children, className, style, title, data }: RuntimeLinkProps) {
  const nearest = useRuntimeContext();
  const ctx: LinkContext & Pick<RuntimeContext, 'resolvePlaceholders'> = ctxProp ?? nearest ?? {};
  // Resolved at each render, not memoised: a link renders again only with its widget, and a hook per
  // link (a page of link cards has hundreds) cost more than the lookup (issue 15 point 2).
  const resolved: ResolvedLink = resolveLink(link, ctx);
  // antd's message loads on first use (src/components/feedback): a page of links does not carry it
  // (issue 15 point 3: the home's first JS carries no feedback or error views).
  const warn = (text: string, seconds: number) => showMessage('warning', text, seconds);
  const common = { className, style, title, ...data };
  const routeLinks = useContext(RouteLinksContext);

  switch (resolved.kind) {
    case 'route':
      if (routeLinks && resolved.to.startsWith('/')) {
        const { to } = resolved;
        if (resolved.newTab) return <a href={routeLinks.href(to)} target="_blank" rel="noopener noreferrer" {...common}>{children}</a>;
        return (
          <a
            href={routeLinks.href(to)} {...common}
            onClick={(event) => {
              if (event.defaultPrevented || !isPlainClick(event)) return;
              event.preventDefault();
              routeLinks.navigate(to);
            }}
          >
            {children}
          </a>
        );
      }
      return (
        <Link to={resolved.to} {...common} {...(resolved.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {children}
        </Link>
      );
    case 'external': {
      if (!resolved.needsPlaceholderResolution) {
        return <a href={resolved.href} target="_blank" rel="noopener noreferrer" {...common}>{children}</a>;
      }
      const resolve = ctx.resolvePlaceholders;
      if (!resolve) {
        return <span data-link-blocked="true" {...common} title={title ?? 'This link needs its placeholders resolved, and no resolver is configured.'}>{children}</span>;
      }
      const open = async (event: MouseEvent) => {
        event.preventDefault();
        const final = await resolvePlaceholderLink(resolved.href, resolve, ctx);
        if (final.kind === 'external') window.open(final.href, '_blank', 'noopener,noreferrer');
        else if (final.kind === 'blocked') warn(final.reason, 3);
      };
      return <a href="#" onClick={(e) => void open(e)} {...common}>{children}</a>;
    }
    case 'warning':
      return (
        <a
          href="#" {...common}
          onClick={(event) => {
            event.preventDefault();
            // spec shell §4: the off-shelf warning shows for 1 second and nothing navigates.
            warn(resolved.message, resolved.duration);
          }}
        >
          {children}
        </a>
      );
    default:
      return <span data-link-blocked="true" {...common} title={title ?? resolved.reason}>{children}</span>;
  }
}
