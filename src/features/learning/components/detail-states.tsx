// What a detail page shows instead of its item: not found, a failure with a retry, or a skeleton in
// the item's shape. Shared by the content and course detail pages.
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';

export interface DetailStateTexts {
  notFound: string;
  notFoundHint: string;
  loadFailed: string;
  retry: string;
}

/** The state view, or null when the item is there to show. */
export function detailStateView(opts: {
  notFound: boolean;
  error: Error | null;
  pending: boolean;
  retry(): void;
  back: ReactNode;
  texts: DetailStateTexts;
  /** data-testid of the skeleton. */
  loadingTestId: string;
}): ReactNode | null {
  const { texts } = opts;
  if (opts.notFound) return <Result status="404" title={texts.notFound} subTitle={texts.notFoundHint} extra={opts.back} />;
  if (opts.error) {
    return (
      <Result
        status="error" title={texts.loadFailed} subTitle={opts.error.message}
        extra={<Button type="primary" onClick={opts.retry}>{texts.retry}</Button>}
      />
    );
  }
  if (opts.pending) {
    return (
      <div data-testid={opts.loadingTestId} aria-busy="true" style={{ display: 'flex', gap: 32 }}>
        <Skeleton.Image active style={{ width: 320, height: 180 }} />
        <Skeleton active title paragraph={{ rows: 5 }} style={{ flex: 1 }} />
      </div>
    );
  }
  return null;
}
