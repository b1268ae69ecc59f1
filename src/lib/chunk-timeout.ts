// Loading a code chunk with a deadline (spec shell §8: a chunk failure is an error named
// ChunkLoadError; §9: chunk load timeout 120000 ms). Pure helpers shared by the router's page loads
// (src/app/chunk-load.ts decides what a failure does) and the on-demand parts of cross-route
// services such as the audio player.

/** spec shell §9: chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** spec shell §8: a chunk failure is an error named ChunkLoadError. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const CHUNK_MESSAGES = [/dynamically imported module/i, /importing a module script failed/i, /loading (css )?chunk/i, /failed to fetch/i, /unable to preload css/i];

/** True for the errors browsers and Vite raise when a page chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Rejects with a ChunkLoadError when `load` takes longer than the timeout. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading the page took longer than ${timeoutMs / 1000} s.`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
