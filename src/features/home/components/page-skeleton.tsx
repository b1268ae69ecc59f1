// The grey shape of a runtime page while its runtime chunk or template loads. Kept apart from the
// runtime (lazy) so the route can show it before that chunk arrives; plain elements in the theme's
// fill colour (page-skeleton.css), so the first paint carries no antd Skeleton.
import './page-skeleton.css';

function Paragraph() {
  return (
    <div className="portal-skeleton__group">
      <div className="portal-skeleton__title" />
      <div className="portal-skeleton__line" />
      <div className="portal-skeleton__line" />
      <div className="portal-skeleton__line" />
    </div>
  );
}

export function PageSkeleton({ label }: { label: string }) {
  return (
    <div data-testid="runtime-page-loading" className="portal-skeleton" role="status" aria-busy="true" aria-label={label}>
      <div className="portal-skeleton__block" />
      <Paragraph />
      <Paragraph />
    </div>
  );
}
