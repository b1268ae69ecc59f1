// The widget library as a loader (src/runtime/registry-context.tsx): a page that renders after it
// has loaded must not suspend for it, because React reveals a suspended tree only up to 300 ms
// after its fallback showed (issue 15, bench home). useRegistryLoaded waits without suspending, and
// a failed load still reaches the page's error boundary.
import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RegistryProvider, useRegistry, useRegistryLoaded } from '../../src/runtime/registry-context';
import type { Registry } from '../../src/runtime/registry';
import { createPortalRegistry } from '../../widgets';

/** A loader the test settles by hand. */
function deferredLoader() {
  let settle!: { resolve: (r: Registry) => void; reject: (e: Error) => void };
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<Registry>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return { load, settle: () => settle, calls: () => calls };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p data-testid="boundary">{this.state.error.message}</p> : this.props.children;
  }
}

/** Counts the widget types of the registry it gets. */
function Page() {
  const registry = useRegistry();
  return <p data-testid="page">{registry.list().length} widget types</p>;
}

/** Renders the page once the registry is in, as LazyRuntimePage does; `fallbacks` counts Suspense fallbacks shown. */
function Gate({ fallbacks }: { fallbacks: string[] }) {
  const loaded = useRegistryLoaded();
  if (!loaded) return <p data-testid="waiting">loading</p>;
  const Fallback = () => {
    fallbacks.push('fallback');
    return <p>suspended</p>;
  };
  return (
    <Boundary>
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>
    </Boundary>
  );
}

describe('the registry loader', () => {
  it('is waited for without suspending, and the page then renders it in its first commit', async () => {
    const loader = deferredLoader();
    const fallbacks: string[] = [];
    render(<RegistryProvider registry={loader.load}><Gate fallbacks={fallbacks} /></RegistryProvider>);
    expect(screen.getByTestId('waiting')).toBeInTheDocument();
    const registry = createPortalRegistry();
    await act(async () => loader.settle().resolve(registry));
    expect(screen.getByTestId('page')).toHaveTextContent(`${registry.list().length} widget types`);
    expect(fallbacks).toEqual([]);
    expect(loader.calls()).toBe(1);
  });

  it('hands a failed load to the page, whose error boundary shows it, without loading again on each render', async () => {
    const loader = deferredLoader();
    render(<RegistryProvider registry={loader.load}><Gate fallbacks={[]} /></RegistryProvider>);
    await act(async () => loader.settle().reject(new Error('The widget library did not load.')));
    expect(await screen.findByTestId('boundary')).toHaveTextContent('The widget library did not load.');
    expect(loader.calls()).toBe(1);
  });
});
