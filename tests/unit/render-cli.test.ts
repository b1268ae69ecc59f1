// `npm run render` piped into a slow reader: the script used to exit before stdout drained, so
// the output stopped at a pipe's buffer (64 KiB or so) mid-tag (issue 14 point 13).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const BLOCKS = 40;

/** Runs the render script and reads its stdout slowly: nothing is read for the first second. */
function renderThroughSlowPipe(file: string): Promise<{ code: number | null; out: Buffer; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/render-template.tsx'), file], {
      cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let err = '';
    let paused = false;
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (!paused) {
        // The reader falls behind: the pipe fills and the script has to wait for it.
        paused = true;
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 1000);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString('utf8'); });
    child.on('error', fail);
    child.on('close', (code) => done({ code, out: Buffer.concat(chunks), err }));
  });
}

describe('npm run render', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the whole page into a slow pipe instead of stopping at 64 KiB', async () => {
    dir = await mkdtemp(join(tmpdir(), 'render-cli-'));
    const file = join(dir, 'big.json');
    const blocks = Array.from({ length: BLOCKS }, (_, i) => ({ id: `c${i}`, type: 'course-list', version: 1, props: {} }));
    await writeFile(file, JSON.stringify({ schemaVersion: 2, pageId: 1, pageCode: 'big', title: 'Big', root: { props: {} }, blocks }));

    const { code, out, err } = await renderThroughSlowPipe(file);
    expect(err).toBe('');
    expect(code).toBe(0);
    const html = out.toString('utf8');
    expect(out.byteLength).toBeGreaterThan(128 * 1024);
    // Complete: every block, the last one closed, and the page's own closing tag then a newline.
    expect(html.match(/<div class="rt-block" /g)).toHaveLength(BLOCKS);
    expect(html).toContain(`data-block-id="c${BLOCKS - 1}"`);
    expect(html.endsWith('</ul></section></div></div>\n')).toBe(true);
  }, 180_000);
});
