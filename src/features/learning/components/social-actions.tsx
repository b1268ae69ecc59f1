// The favourite button and the like/dislike pair of a course, subject or content (spec learning §7
// "Comments and favourites"). Guests see the counts; pressing sends them to sign in and back here.
import { DislikeFilled, DislikeOutlined, HeartFilled, HeartOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '../../../lib/login-path';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { useAppraise, useFavorite, useSaveAppraise, useToggleFavorite, type SocialTarget } from '../api/social';
import { useSocialTexts } from './social-texts';

/** Sends a guest to sign in with this page as the way back; returns true when it did. */
export function useSignInFirst(): () => boolean {
  const signedIn = useUserStore(selectSignedIn);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => {
    if (signedIn) return false;
    void navigate(loginPath(`${pathname}${search}`));
    return true;
  };
}

/** Favourite toggle with the target's favourite count. */
export function FavoriteButton({ target }: { target: SocialTarget }) {
  const t = useSocialTexts();
  const state = useFavorite(target);
  const toggle = useToggleFavorite(target);
  const signInFirst = useSignInFirst();
  const favorited = state.data?.favorited ?? false;
  return (
    <Button
      data-testid="social-favorite"
      aria-pressed={favorited}
      icon={favorited ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
      loading={toggle.isPending}
      disabled={state.isPending}
      onClick={() => {
        if (!signInFirst()) toggle.mutate(favorited);
      }}
    >
      {favorited ? t('favorited') : t('favorite')}
      {state.data && <span style={{ marginLeft: 6, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('favoriteCount', { n: state.data.count })}</span>}
    </Button>
  );
}

/** Like and dislike; pressing the one already chosen takes it back. */
export function AppraiseButtons({ target }: { target: SocialTarget }) {
  const t = useSocialTexts();
  const summary = useAppraise(target);
  const save = useSaveAppraise(target);
  const signInFirst = useSignInFirst();
  const mine = summary.data?.mine ?? 0;
  const press = (value: 1 | -1) => {
    if (!signInFirst()) save.mutate(mine === value ? 0 : value);
  };
  return (
    <Space data-testid="social-appraise">
      <Button
        aria-pressed={mine === 1} icon={mine === 1 ? <LikeFilled /> : <LikeOutlined />}
        disabled={summary.isPending || save.isPending} onClick={() => press(1)}
      >
        {t('likeLabel', { n: summary.data?.likeCount ?? 0 })}
      </Button>
      <Button
        aria-pressed={mine === -1} icon={mine === -1 ? <DislikeFilled /> : <DislikeOutlined />}
        disabled={summary.isPending || save.isPending} onClick={() => press(-1)}
      >
        {t('dislikeLabel', { n: summary.data?.dislikeCount ?? 0 })}
      </Button>
    </Space>
  );
}
