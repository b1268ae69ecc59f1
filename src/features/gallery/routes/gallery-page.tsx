// The widget gallery (/widgets/gallery): every registered widget with its default props, in preview
// mode (a broken widget shows its placeholder), with the current tenant's data. For widget authors
// and testers; it reads nothing the learner bundle does not already carry.
import { useMemo } from 'react';
import { Empty, Typography } from 'antd';
import { PageRenderer } from '../../../runtime/renderer';
import { normalisePage } from '../../../runtime/normalise';
import { useRegistry, useWidgetValidators } from '../../../runtime/registry-context';
import { useRuntimeContext } from '../../../runtime/use-runtime-context';
import { singleWidgetTemplate } from '../lib/gallery-template';

/** Every registered widget with its defaults, one section each. */
export default function GalleryPage() {
  const registry = useRegistry();
  // Every widget is shown, so every props validator loads (issue 15 point 2: they are lazy chunks).
  const ready = useWidgetValidators(registry, useMemo(() => registry.list().map((w) => w.type), [registry]));
  const ctx = useRuntimeContext();
  const pages = useMemo(
    () => (ready ? registry.list().map((w) => ({ type: w.type, version: w.version, page: normalisePage(singleWidgetTemplate(w.type, w.version), registry) })) : []),
    [registry, ready],
  );
  if (!ctx) return <Empty description="No tenant is selected." />;
  if (!ready) return <div data-testid="widget-gallery" aria-busy="true" />;
  return (
    <div data-testid="widget-gallery" style={{ display: 'flex', flexDirection: 'column', gap: 32, padding: '16px 0' }}>
      <Typography.Title level={1}>Widget gallery ({pages.length})</Typography.Title>
      {pages.map(({ type, version, page }) => (
        <section key={type} data-testid="gallery-widget" data-widget-type={type} style={{ borderTop: '1px solid var(--portal-border, #f0f0f0)', paddingTop: 12 }}>
          <Typography.Title level={2} style={{ fontSize: 14, color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))', fontFamily: 'monospace' }}>
            {type} · v{version}
          </Typography.Title>
          <PageRenderer page={page} registry={registry} mode="preview" ctx={ctx} />
        </section>
      ))}
    </div>
  );
}
