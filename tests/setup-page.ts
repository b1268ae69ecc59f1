// Part of the unit project's per-file set-up (tests/setup-dom.ts), kept apart so that
// tests/unit/setup-page.test.ts can check it.

/** antd's static message and notification lists: their root outlives a file (antd is loaded once per worker). */
const STATIC_HOLDERS = '.ant-message, .ant-notification';

/**
 * Removes what a file left in <body> (portals such as modals and image viewers) except antd's static
 * toast lists, which antd keeps rendering into. Their list is a direct child of <body> (a portal):
 * matching only descendants removed it, and every later file's static toast went to the detached
 * list and never showed.
 */
export function removeLeftNodes(): void {
  for (const child of [...document.body.children]) {
    if (!child.matches(STATIC_HOLDERS) && !child.querySelector(STATIC_HOLDERS)) child.remove();
  }
}
