// zustand with the current state as React's server snapshot (vite.config.ts aliases `zustand` to
// this file, in the browser build and the server render's alike). zustand's own hook gives React the
// store's *initial* state as the server snapshot, which React uses on the server and while it
// hydrates: the server render of a guest's home (src/ssr/render-home.tsx), which sets the stores from
// the HTML's answers first, would show the Loading screen, and the browser, which has run start-up
// from the same answers before it hydrates that markup (src/main.tsx), would not match it.
import React from 'react';
import { createStore, type StateCreator, type StoreApi, type Mutate, type StoreMutatorIdentifier } from 'zustand/vanilla';

export * from 'zustand/vanilla';

type ExtractState<S> = S extends { getState: () => infer T } ? T : never;
type ReadonlyStoreApi<T> = Pick<StoreApi<T>, 'getState' | 'getInitialState' | 'subscribe'>;

const identity = <T,>(value: T) => value;

export function useStore<S extends ReadonlyStoreApi<unknown>, U = ExtractState<S>>(api: S, selector: (state: ExtractState<S>) => U = identity as (state: ExtractState<S>) => U): U {
  const read = () => selector(api.getState() as ExtractState<S>);
  return React.useSyncExternalStore(api.subscribe, read, read);
}

export type UseBoundStore<S extends ReadonlyStoreApi<unknown>> = {
  (): ExtractState<S>;
  <U>(selector: (state: ExtractState<S>) => U): U;
} & S;

type Create = {
  <T, Mos extends [StoreMutatorIdentifier, unknown][] = []>(initializer: StateCreator<T, [], Mos>): UseBoundStore<Mutate<StoreApi<T>, Mos>>;
  <T>(): <Mos extends [StoreMutatorIdentifier, unknown][] = []>(initializer: StateCreator<T, [], Mos>) => UseBoundStore<Mutate<StoreApi<T>, Mos>>;
};

const createImpl = <T,>(createState: StateCreator<T, [], []>) => {
  const api = createStore(createState);
  const useBoundStore = (selector?: (state: T) => unknown) => useStore(api, selector as never);
  Object.assign(useBoundStore, api);
  return useBoundStore;
};

export const create = (<T,>(createState?: StateCreator<T, [], []>) => (createState ? createImpl(createState) : createImpl)) as Create;
