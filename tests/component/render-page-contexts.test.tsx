// The unit project shares one worker (and one React) between files (vitest.config.ts, isolate
// false). React's static renderer writes provider values into the same context objects the client
// renderer reads; a static render must leave none of them set behind it.
import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useInRouterContext } from 'react-router';
import { expect, it } from 'vitest';
import { renderToHtml } from '../fixtures/render-page';

function Probe() {
  return <p>{useInRouterContext() ? 'inside a router' : 'outside any router'}</p>;
}

// A lazy child suspends, so the static renderer finishes it in a task of its own, inside the router.
const LazyProbe = lazy(async () => ({ default: Probe }));

it('a static render with a lazy child leaves no router behind for the next client render (was "<Router> inside another <Router>")', async () => {
  const html = await renderToHtml(
    <MemoryRouter>
      <Suspense fallback={null}>
        <LazyProbe />
      </Suspense>
    </MemoryRouter>,
  );
  expect(html).toContain('inside a router');
  render(<Probe />);
  expect(screen.getByText('outside any router')).toBeInTheDocument();
});
