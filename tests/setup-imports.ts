// Part of the unit project's per-file set-up (tests/setup-dom.ts), kept apart so that
// tests/unit/setup-imports.test.ts can check it.

type ModuleNode = { promise?: Promise<unknown>; evaluated?: boolean };
type WorkerState = { evaluatedModules: { idToModuleMap: Map<string, ModuleNode> }; resolvingModules: Set<string> };

/**
 * Waits until no module the earlier file started importing is still loading (this setup file's own
 * evaluation aside), at most 10 s: tests/setup-dom.ts calls it before it resets the module graph.
 * One still loading when the graph is reset finishes into the
 * new graph bound to the earlier file's modules: sign-in's navbar got an unread-count hook bound to
 * an earlier file's user API (no badge), class-detail's toast went to an earlier feedback queue.
 * The earlier file's afterAll settles its imports too, but its own cleanup and timers can start more
 * after that. (vi.dynamicImportSettled() here waits on this file's evaluation: a deadlock.)
 */
export async function settleEarlierImports(): Promise<void> {
  const state = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
  if (!state?.evaluatedModules) throw new Error('tests/setup-dom.ts: vitest\'s module map (__vitest_worker__.evaluatedModules) is gone; the vitest version changed it.');
  const self = (id: string) => id.includes('/tests/setup-dom.ts');
  const deadline = Date.now() + 10_000;
  for (;;) {
    // A macrotask first: the earlier file's last timers and network callbacks start their imports.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const loading = [...state.evaluatedModules.idToModuleMap].filter(([id, node]) => node.promise && !node.evaluated && !self(id)).map(([, node]) => node.promise);
    const resolving = [...state.resolvingModules].filter((id) => !self(id));
    if ((loading.length === 0 && resolving.length === 0) || Date.now() > deadline) return;
    await Promise.race([Promise.allSettled(loading), new Promise((resolve) => setTimeout(resolve, 20))]);
  }
}
