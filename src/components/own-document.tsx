// Pages that need a Content-Security-Policy of their own (issue 15 point 2). The portal's documents
// forbid eval; the back-office's documents (/study/sub_admin/) allow it, because its @rjsf forms
// compile their schemas with ajv in the browser (server/plugins/security-headers.ts decides, by the
// document's path). A policy belongs to the document, so a client-side navigation from the portal
// into the back-office would keep the strict one: such a page loads its own document instead.
import { useEffect, type ComponentType } from 'react';

/**
 * The path the current document was loaded at, or undefined when the browser does not say (jsdom):
 * not the current route, which client-side navigation changes without a new policy.
 */
export function documentPath(): string | undefined {
  const entry = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation')[0] : undefined;
  if (!entry?.name) return undefined;
  try {
    return new URL(entry.name).pathname;
  } catch {
    return undefined;
  }
}

/**
 * Wraps a page that must run in a document loaded under `prefix`: reached from another document's
 * page, it renders nothing and reloads its address (`reload` is for tests).
 */
export function withOwnDocument<P extends object>(prefix: string, Page: ComponentType<P>, reload: () => void = () => window.location.reload()): ComponentType<P> {
  function OwnDocument(props: P) {
    const path = documentPath();
    const elsewhere = path !== undefined && !path.startsWith(prefix);
    useEffect(() => {
      // The route has already moved the address here, so a reload fetches this page's own document.
      if (elsewhere) reload();
    }, [elsewhere]);
    return elsewhere ? null : <Page {...props} />;
  }
  OwnDocument.displayName = `WithOwnDocument(${Page.displayName ?? Page.name})`;
  return OwnDocument;
}
