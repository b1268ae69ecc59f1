// Everything social about one course, subject or content, as the detail pages show it below their
// body: favourite and like/dislike, the rating summary, and the comments (issue 7 item 5).
import { Divider, Space } from 'antd';
import { useMemo } from 'react';
import type { SocialTargetType } from '../api/social';
import { AppraiseButtons, FavoriteButton } from './social-actions';
import { CommentSection } from './social-comments';
import { RatingSummary } from './social-rating';

/** The social block of a detail page. */
export function SocialPanel({ targetType, targetId }: { targetType: SocialTargetType; targetId: number }) {
  const target = useMemo(() => ({ targetType, targetId }), [targetType, targetId]);
  return (
    <section data-testid="social-panel" style={{ marginTop: 32 }}>
      <Space wrap size={12}>
        <FavoriteButton target={target} />
        <AppraiseButtons target={target} />
      </Space>
      <Divider />
      <RatingSummary target={target} />
      <Divider />
      <CommentSection target={target} />
    </section>
  );
}
