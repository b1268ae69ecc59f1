// Issue 15 point 2: the server sanitises a template's rich text when it saves it and stamps the
// template with the policy version (server/lib/rich-text.ts); the browser shows a stamped
// template's rich text without calling the sanitiser (DOMPurify is not even loaded), and sanitises
// an unstamped one, one stamped with an older policy, and anything in preview.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { RICH_TEXT_POLICY_VERSION } from '../../schemas/rich-text-policy';
import { createRegistry } from '../../src/runtime/registry';
import { PageRenderer } from '../../src/runtime/renderer';
import type { RenderMode } from '../../src/runtime/widget-definition';
import { sanitizeRichText } from '../../src/runtime/rich-text';
import { widget as richText } from '../../widgets/rich-text';
import { renderInRouter, testCtx } from './widget-harness';

vi.mock('../../src/runtime/rich-text', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/runtime/rich-text')>();
  return { ...actual, sanitizeRichText: vi.fn(actual.sanitizeRichText) };
});

const sanitiser = vi.mocked(sanitizeRichText);

function renderTemplate(html: string, richTextPolicy: number | undefined, mode: RenderMode = 'production') {
  const template = {
    schemaVersion: 2, pageId: 1, pageCode: 'home', title: 'Home', root: { props: {} },
    ...(richTextPolicy === undefined ? {} : { richTextPolicy }),
    blocks: [{ id: 'r', type: 'rich-text', version: 2, props: { html, padding: 0 } }],
  };
  return renderInRouter(
    <QueryClientProvider client={new QueryClient()}>
      <PageRenderer page={template} registry={createRegistry().register(richText)} ctx={testCtx} mode={mode} onBlockError={() => undefined} />
    </QueryClientProvider>,
  );
}

afterEach(() => sanitiser.mockClear());

describe('rich text of a template the server sanitised', () => {
  it('shows a template stamped with the current policy without calling the sanitiser', async () => {
    renderTemplate('<p>已在保存时净化</p>', RICH_TEXT_POLICY_VERSION);
    expect(await screen.findByText('已在保存时净化')).toBeInTheDocument();
    expect(sanitiser).not.toHaveBeenCalled();
  });

  it('sanitises a template without the stamp', async () => {
    const { container } = renderTemplate('<p>未标记</p><img src="/x.png" alt="x" onerror="window.hacked = 1">', undefined);
    expect(await screen.findByText('未标记')).toBeInTheDocument();
    expect(sanitiser).toHaveBeenCalledWith(expect.stringContaining('未标记'));
    expect(container.innerHTML).not.toContain('onerror');
  });

  it('sanitises a template stamped with an older policy', async () => {
    const { container } = renderTemplate('<p>旧规则</p><a href="javascript:alert(1)">坏</a>', RICH_TEXT_POLICY_VERSION - 1);
    expect(await screen.findByText('旧规则')).toBeInTheDocument();
    expect(sanitiser).toHaveBeenCalled();
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('sanitises a stamped template in preview, where the designer may have edited it', async () => {
    const { container } = renderTemplate('<p>预览</p><script>window.hacked = 2</script>', RICH_TEXT_POLICY_VERSION, 'preview');
    expect(await screen.findByText('预览')).toBeInTheDocument();
    expect(sanitiser).toHaveBeenCalled();
    expect(container.querySelector('script')).toBeNull();
  });
});
