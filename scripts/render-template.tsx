// `npm run render -- <template.json> [--preview] [--empty|--error]`: prints the static HTML of a page
// template rendered with fixture data (tests/fixtures/widget-data.ts), for testers and reviewers.
// The portal code reads import.meta.env and imports styles, so it is loaded through Vite's SSR
// module loader rather than plain Node; the script starts no HTTP server and exits when done.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
// @ts-expect-error jsdom ships no type declarations (and @types/jsdom is not a dependency).
import { JSDOM as UntypedJSDOM } from 'jsdom';
import { createServer } from 'vite';

/**
 * The same DOM the component tests run in, so tenant rich text goes through the real sanitiser
 * (DOMPurify needs a window; without one the runtime shows no rich text at all).
 */
const JSDOM = UntypedJSDOM as new (html: string, options: { url: string }) => { window: Window & typeof globalThis };

function installDom(): void {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/study/home' });
  const g = globalThis as Record<string, unknown>;
  for (const key of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'HTMLElement', 'Node', 'getComputedStyle'] as const) {
    if (g[key] === undefined) g[key] = key === 'getComputedStyle' ? window.getComputedStyle.bind(window) : (window as unknown as Record<string, unknown>)[key];
  }
}

const USAGE = 'Usage: npm run render -- <template.json> [--preview] [--empty | --error]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file || args.includes('--help')) {
    console.error(USAGE);
    return file ? 0 : 2;
  }
  let template: unknown;
  try {
    template = JSON.parse(await readFile(resolve(file), 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${file} as JSON: ${(error as Error).message}`);
    return 1;
  }
  installDom();
  const root = resolve(import.meta.dirname, '..');
  const vite = await createServer({
    root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'error', appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null }, optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderTemplate } = (await vite.ssrLoadModule('/tests/fixtures/render-page.tsx')) as typeof import('../tests/fixtures/render-page');
    const { createPortalRegistry } = (await vite.ssrLoadModule('/widgets/index.ts')) as typeof import('../widgets/index');
    const result = await renderTemplate(template, {
      registry: createPortalRegistry(),
      mode: args.includes('--preview') ? 'preview' : 'production',
      data: args.includes('--error') ? 'error' : args.includes('--empty') ? 'empty' : 'data',
    });
    await writeOut(`${result.html}\n`);
    for (const entry of result.errors) console.error(`warning: ${entry.message}`);
    return 0;
  } finally {
    await vite.close();
  }
}

/**
 * Writes to stdout and resolves once Node has handed the text to the OS. Into a pipe whose reader
 * is slower than us, a write is queued in the process; exiting before it drains cut the output
 * at 64 KiB (issue 14 point 13).
 */
function writeOut(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** Exits once stdout and stderr have flushed everything written before (an empty write's callback comes after them). */
function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

// A reader that goes away (`| head`) is not an error of ours: stop quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => process.exit(error.code === 'EPIPE' ? 0 : 1));

main().then(exitWhenFlushed, (error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : String(error));
  exitWhenFlushed(1);
});
