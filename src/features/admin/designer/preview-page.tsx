// /sub_admin/designer/preview: what the designer's canvas iframe loads (issue 16 "Live preview with
// the real renderer and real tenant data"). It renders the template the designer posts through the
// learners' runtime: the tenant's registry view (allow-list), the same normaliser, the props
// validators and widget chunks of the template's types, every block's data prefetched together,
// and <PageRenderer> in preview mode, so invalid blocks show their placeholder and message in place.
// The viewer facts are the "preview as" persona. After every render, and on scroll, resize and
// late layout changes (chunks, data, images), it posts the rectangles of blocks and slots to the
// designer, which draws the drop zones and the selection over the frame; a click selects a block,
// and the block under the mouse is posted so the designer shows its drag handle.
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AntdTheme } from '../../../components/antd-theme';
import { prefetchPageData } from '../../../runtime/data';
import { normalisePage, TemplateError, type NormalisedPage } from '../../../runtime/normalise';
import { PageRenderer, type BlockErrorReport } from '../../../runtime/renderer';
import { useRegistry, useWidgetValidators } from '../../../runtime/registry-context';
import { useRuntimeContext } from '../../../runtime/use-runtime-context';
import type { RuntimeContext } from '../../../runtime/widget-definition';
import { useAppStore } from '../../../stores/app-store';
import { templateBlockTypes } from '../../../../schemas/template-block-types';
import { BLOCK_SELECTOR, listen, measureLayout, postToDesigner, type ToPreview } from './preview-protocol';
import './preview.css';

type RenderMessage = Extract<ToPreview, { kind: 'render' }>;

/** Posts the layout at most once per frame, after whatever changed has painted. */
function useLayoutReporter(root: React.RefObject<HTMLDivElement | null>) {
  return useMemo(() => {
    let frame = 0;
    return () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const el = root.current;
        if (!el) return;
        const measured = measureLayout(el);
        postToDesigner({ kind: 'layout', ...measured, height: document.documentElement.scrollHeight, scroll: { x: window.scrollX, y: window.scrollY } });
      });
    };
  }, [root]);
}

function PreviewBody({ message }: { message: RenderMessage }) {
  const allow = useAppStore((s) => s.options.widgets);
  const registry = useRegistry(allow);
  const base = useRuntimeContext();
  const queryClient = useQueryClient();
  const { template, previewAs, locale } = message;
  // "Preview as": the persona's facts replace the admin's own (DESIGN "typed learning conditions").
  const ctx = useMemo((): RuntimeContext | null => (base ? { ...base, locale, viewer: { audience: previewAs } } : null), [base, previewAs, locale]);
  const types = useMemo(() => templateBlockTypes(template), [template]);
  useMemo(() => types.forEach((type) => void registry.get(type)?.load().catch(() => undefined)), [types, registry]);
  const validatorsReady = useWidgetValidators(registry, types);
  const loaded = useMemo((): { page: NormalisedPage } | { error: string } | undefined => {
    if (!validatorsReady) return undefined;
    try {
      return { page: normalisePage(template, registry, { pageId: template.pageId, pageCode: template.pageCode, title: template.title }) };
    } catch (error) {
      if (error instanceof TemplateError) return { error: error.message };
      throw error;
    }
  }, [template, registry, validatorsReady]);
  if (loaded && 'page' in loaded && ctx) void prefetchPageData(queryClient, loaded.page, registry, ctx);

  const root = useRef<HTMLDivElement>(null);
  const report = useLayoutReporter(root);
  const errors = useRef<BlockErrorReport[]>([]);
  const onBlockError = useMemo(() => (r: BlockErrorReport) => {
    errors.current.push(r);
    postToDesigner({ kind: 'block-errors', errors: errors.current.map((e) => ({ path: e.path, message: e.message, ...(e.blockId ? { blockId: e.blockId } : {}) })) });
  }, [loaded]);
  useMemo(() => (errors.current = []), [loaded]);

  // After every render…
  useLayoutEffect(report);
  // …and whenever the page's size or content changes later, or the frame scrolls or resizes.
  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    const resize = new ResizeObserver(report);
    resize.observe(el);
    const mutation = new MutationObserver(report);
    mutation.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style', 'src'] });
    window.addEventListener('scroll', report, { passive: true });
    window.addEventListener('resize', report);
    el.addEventListener('load', report, true);
    return () => {
      resize.disconnect();
      mutation.disconnect();
      window.removeEventListener('scroll', report);
      window.removeEventListener('resize', report);
      el.removeEventListener('load', report, true);
    };
  }, [report, loaded]);

  if (!ctx || !loaded) return <div ref={root} data-testid="designer-preview-loading" aria-busy="true" />;
  return (
    <AntdTheme>
      <div ref={root} className="runtime-page designer-preview-page" data-testid="designer-preview" data-page-code={template.pageCode}>
        {'error' in loaded
          ? <div role="note" className="rt-block-placeholder">{loaded.error}</div>
          : <PageRenderer page={loaded.page} registry={registry} mode="preview" ctx={ctx} onBlockError={onBlockError} deferOffscreen={false} />}
      </div>
    </AntdTheme>
  );
}

/** The canvas iframe's page: waits for the designer's template, then renders it. */
export default function DesignerPreviewPage() {
  const [message, setMessage] = useState<RenderMessage | null>(null);

  useEffect(() => {
    const stop = listen<ToPreview>(() => (window.parent === window ? null : window.parent), (m) => {
      if (m.kind === 'render') setMessage(m);
    });
    postToDesigner({ kind: 'ready' });
    return stop;
  }, []);

  // A click selects the block under it; links and buttons do nothing else here (the preview never navigates).
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      if (target.closest('a, button, [role="button"], [role="link"]')) event.preventDefault();
      const block = target.closest<HTMLElement>(BLOCK_SELECTOR);
      if (block?.dataset.blockId) {
        event.stopPropagation();
        postToDesigner({ kind: 'select', id: block.dataset.blockId });
      }
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  // The block under the mouse: the designer shows that block's drag handle (and the selected one's).
  useEffect(() => {
    let hovered: string | null = null;
    const post = (id: string | null) => {
      if (id === hovered) return;
      hovered = id;
      postToDesigner({ kind: 'hover', id });
    };
    const onOver = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      post(target?.closest<HTMLElement>(BLOCK_SELECTOR)?.dataset.blockId ?? null);
    };
    const onLeave = () => post(null);
    document.addEventListener('pointerover', onOver);
    document.documentElement.addEventListener('pointerleave', onLeave);
    return () => {
      document.removeEventListener('pointerover', onOver);
      document.documentElement.removeEventListener('pointerleave', onLeave);
    };
  }, []);

  if (!message) return <div data-testid="designer-preview-waiting" />;
  return (
    <Suspense fallback={<div data-testid="designer-preview-loading" aria-busy="true" />}>
      <PreviewBody message={message} />
    </Suspense>
  );
}
