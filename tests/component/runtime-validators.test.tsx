// Issue 15 point 2 in the page: a runtime page waits for the build-time props validators of its
// widget types (lazy chunks in the browser), loads no others, then paints its blocks.
import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import type { ValidateFunction } from 'ajv';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { precompiled } from 'virtual:widget-validators';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import HomePage from '../../src/features/home/routes/home-page';
import { createRegistry, type PrecompiledValidator } from '../../src/runtime/registry';
import { RegistryProvider, useWidgetValidators } from '../../src/runtime/registry-context';
import { schemaFingerprint } from '../../src/runtime/schema-fingerprint';
import { registerWidgets, WIDGETS } from '../../widgets';
import { fixtureAdapter, quietCatalogue } from '../fixtures/widget-data';
import { demoPages, demoSetting } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

const previousAdapter = apiClient.defaults.adapter;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  quietCatalogue();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  apiClient.defaults.adapter = previousAdapter;
  warn.mockRestore();
});

/** The library with every validator behind a lazy load, as the browser build has them. */
function lazyRegistry() {
  const loads: string[] = [];
  const entries: Record<string, PrecompiledValidator> = {};
  for (const widget of WIDGETS) {
    const ready = precompiled[schemaFingerprint(widget.propsSchema)]?.ready as ValidateFunction;
    entries[schemaFingerprint(widget.propsSchema)] = {
      load: () => new Promise((resolve) => setTimeout(() => {
        loads.push(widget.type);
        resolve({ default: ready });
      }, 20)),
    };
  }
  return { registry: registerWidgets(createRegistry({ validators: { precompiled: entries, compile: undefined } })), loads };
}

describe('runtime page validators', () => {
  it('loads the validators of the page\'s two widget types, then paints its blocks (none dropped as unvalidated)', async () => {
    const widgets = fixtureAdapter('data');
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      if (config.url !== '/cfg/template/getPageV2') return widgets(config);
      const data = {
        pageId: 1, pageCode: 'demo_home', name: '学院首页',
        template: {
          schemaVersion: 2, pageId: 1, pageCode: 'demo_home', title: 'demo_home', root: { props: {} },
          blocks: [
            { id: 'welcome', type: 'title-bar', version: 1, props: { title: '欢迎来到演示学堂' } },
            { id: 'gap', type: 'spacer', version: 1, props: { height: 16 } },
            { id: 'more', type: 'title-bar', version: 1, props: { title: '更多课程' } },
          ],
        },
      };
      return { data: { success: true, code: 200, flag: 0, message: 'ok', data }, status: 200, statusText: 'OK', headers: {}, config, request: {} };
    };
    apiClient.defaults.adapter = adapter;
    const { registry, loads } = lazyRegistry();
    const { container } = render(
      <Providers queryClient={createQueryClient()}>
        <RegistryProvider registry={registry}>
          <MemoryRouter initialEntries={['/home']}>
            <Routes><Route path="/home/:id?" element={<HomePage />} /></Routes>
          </MemoryRouter>
        </RegistryProvider>
      </Providers>,
    );
    expect(await screen.findByText('欢迎来到演示学堂', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('更多课程')).toBeInTheDocument();
    expect([...container.querySelectorAll('[data-block-type]')].map((el) => el.getAttribute('data-block-type'))).toEqual(['title-bar', 'spacer', 'title-bar']);
    expect(loads.sort()).toEqual(['spacer', 'title-bar']);
  });

  it('answers "not ready" while the validators load (no suspending: React would reveal the page up to 300 ms late), then ready', async () => {
    const { registry, loads } = lazyRegistry();
    const seen: boolean[] = [];
    function Probe() {
      const ready = useWidgetValidators(registry, ['title-bar']);
      seen.push(ready);
      return <p>{ready ? 'ready' : 'waiting'}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(seen[0]).toBe(false);
    expect(loads).toEqual(['title-bar']);
  });

  it('gives a validator chunk that fails to load to the error boundary once, without loading it again and again', async () => {
    let attempts = 0;
    const entries: Record<string, PrecompiledValidator> = {};
    for (const widget of WIDGETS) {
      entries[schemaFingerprint(widget.propsSchema)] = { load: () => { attempts++; return Promise.reject(new Error('chunk gone')); } };
    }
    const registry = registerWidgets(createRegistry({ validators: { precompiled: entries, compile: undefined } }));
    class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
      override state = { error: null as Error | null };
      static getDerivedStateFromError(error: Error) { return { error }; }
      override render() { return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children; }
    }
    function Probe() {
      return <p>{useWidgetValidators(registry, ['title-bar']) ? 'ready' : 'waiting'}</p>;
    }
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Boundary><Probe /></Boundary>);
    expect(await screen.findByText('failed: chunk gone')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(attempts).toBe(1);
    error.mockRestore();
  });
});
