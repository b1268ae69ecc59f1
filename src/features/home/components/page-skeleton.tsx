// The grey shape of a runtime page while its runtime chunk or template loads. Kept apart from the
// runtime (lazy) so the route can show it before that chunk arrives.
import { Skeleton } from 'antd';

export function PageSkeleton({ label }: { label: string }) {
  return (
    <div data-testid="runtime-page-loading" role="status" aria-busy="true" aria-label={label} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Skeleton.Node active style={{ width: '100%', height: 240 }} />
      <Skeleton active paragraph={{ rows: 3 }} />
      <Skeleton active paragraph={{ rows: 3 }} />
    </div>
  );
}
