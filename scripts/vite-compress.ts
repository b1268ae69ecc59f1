// Vite plugin (issue 15 point 4): after the build writes its files, every hashed asset that
// compresses (scripts, styles, SVG, JSON, source text) gets a brotli (.br, quality 11) and a gzip
// (.gz, level 9) copy beside it. The server sends them as they are (@fastify/static preCompressed,
// server/plugins/spa.ts), so a deployment compresses once at build time, at the highest levels,
// instead of on every request or not at all.
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text. Images, fonts and media are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|map|wasm|xml)$/i;
/** Smaller files gain less than the bytes of an extra header and a file lookup. */
const MIN_BYTES = 1024;

/** The brotli and gzip bodies of `data` (brotli quality 11, gzip level 9). */
export async function compressBoth(data: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzBody] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    gz(data, { level: 9 }),
  ]);
  return { br, gz: gzBody };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` (recursively), when the
 * copy is smaller than the file. Returns how many files got copies and their bytes before and after.
 */
export async function compressDirectory(dir: string): Promise<{ files: number; bytes: number; brBytes: number; gzBytes: number }> {
  const totals = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const names = await readdir(dir, { recursive: true });
  const targets = names.filter((name) => COMPRESSIBLE.test(name));
  // Two at a time: brotli 11 is CPU-bound and the build machine has few cores.
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const path = join(dir, targets[next++]!);
      if (!(await stat(path)).isFile()) continue;
      const data = await readFile(path);
      if (data.length < MIN_BYTES) continue;
      const { br, gz: gzBody } = await compressBoth(data);
      if (br.length < data.length) await writeFile(`${path}.br`, br);
      if (gzBody.length < data.length) await writeFile(`${path}.gz`, gzBody);
      totals.files += 1;
      totals.bytes += data.length;
      totals.brBytes += br.length;
      totals.gzBytes += gzBody.length;
    }
  };
  await Promise.all([worker(), worker()]);
  return totals;
}

/** Pre-compresses the hashed assets (`<outDir>/<assetsDir>`) once the bundle is written. */
export function compressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:compress-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const dir = resolve(config.root, config.build.outDir, config.build.assetsDir);
      // A build that failed before writing has nothing to compress; its own error is the one to show.
      if (!existsSync(dir)) return;
      const started = Date.now();
      const { files, bytes, brBytes, gzBytes } = await compressDirectory(dir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      config.logger.info(`Pre-compressed ${files} assets in ${Date.now() - started} ms: ${kb(bytes)} → brotli ${kb(brBytes)}, gzip ${kb(gzBytes)}.`);
    },
  };
}
