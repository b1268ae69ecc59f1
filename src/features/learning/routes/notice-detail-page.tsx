// A notice (spec learning §2: a notice opens /user/center/study/noticeDetail; §7 GET
// /cm/api/notice/detail), opened with query id from the notice list. A public notice is for
// everyone; one that is not public asks a guest to sign in. The text is plain, in paragraphs.
import { Button, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiGet, ApiError, type ApiOptions } from '../../../api/client';
import type { NoticeDetail } from '../../../../schemas/api/cm';
import { defineTexts, useTexts as useNamespaceTexts } from '../../../i18n/texts';
import { loginPath } from '../../../lib/login-path';
import { useDetailQuery } from '../api/detail-query';
import { detailStateView } from '../components/detail-states';
import { usePageTitle } from '../../../components/use-page-title';

/** GET /cm/api/notice/detail: the response schema of schemas/api/cm/article.ts, derived. */
export type { NoticeDetail } from '../../../../schemas/api/cm';

// The `learning-notice` namespace (docs/i18n.md), registered when this feature's chunk loads.
const NAMESPACE = defineTexts('learning-notice', {
  zh: {
    back: '返回', notice: '通知公告', pinned: '置顶', views: '阅读 {{n}}', notFound: '没有找到这条通知', notFoundHint: '编号为 {{id}} 的通知不存在或已撤下。',
    loadFailed: '通知加载失败', retry: '重试', signIn: '这条通知仅对本单位登录用户可见。', goSignIn: '去登录',
  },
  en: {
    back: 'Back', notice: 'Notice', pinned: 'Pinned', views: '{{n}} views', notFound: 'Notice not found', notFoundHint: 'There is no notice {{id}}, or it has been withdrawn.',
    loadFailed: 'Could not load the notice', retry: 'Retry', signIn: 'This notice is for signed-in members only.', goSignIn: 'Sign in',
  },
});
const useTexts = () => useNamespaceTexts(NAMESPACE);

const getNotice = (id: number, opts: ApiOptions) => apiGet<NoticeDetail>('/cm/api/notice/detail', { id }, opts);

/** The paragraphs of a plain text: split at blank lines, single line breaks kept. */
export function paragraphsOf(text: string | null): string[] {
  return (text ?? '').split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean);
}

export default function NoticeDetailPage() {
  const t = useTexts();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = search.get('id') ?? '';
  const id = /^\d+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
  const info = useDetailQuery('notice', 'detail', id, getNotice);
  const notice = info.data;
  usePageTitle(notice?.title);

  // Back where the learner came from inside the app, else home.
  const back = (
    <Button type="link" style={{ padding: 0 }} data-testid="notice-back" onClick={() => void (location.key === 'default' ? navigate('/home') : navigate(-1))}>
      ‹ {t('back')}
    </Button>
  );
  const needsSignIn = info.error instanceof ApiError && info.error.code === 401;
  let body = needsSignIn
    ? (
      <div role="alert" data-testid="notice-sign-in" style={{ textAlign: 'center', padding: '48px 0' }}>
        <p>{t('signIn')}</p>
        <Link to={loginPath(location.pathname + location.search)}>{t('goSignIn')}</Link>
      </div>
    )
    : detailStateView({
      notFound: id === null || (info.error instanceof ApiError && info.error.errorCode === 'NOTICE_NOT_FOUND'),
      error: info.isError ? info.error : null, pending: info.isPending, retry: () => void info.refetch(), back, loadingTestId: 'notice-loading',
      texts: { notFound: t('notFound'), notFoundHint: t('notFoundHint', { id: raw }), loadFailed: t('loadFailed'), retry: t('retry') },
    });
  if (!body && notice) {
    body = (
      <article data-testid="notice-detail" style={{ maxWidth: 800, margin: '0 auto' }}>
        <h1 style={{ margin: '0 0 12px', fontSize: 26, lineHeight: 1.4 }}>{notice.title}</h1>
        <p style={{ margin: '0 0 24px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>
          <Tag color="orange">{t('notice')}</Tag>
          {notice.top && <Tag color="red">{t('pinned')}</Tag>}
          {[dayjs(notice.publishTime).format('YYYY-MM-DD HH:mm'), t('views', { n: notice.viewCount })].join(' · ')}
        </p>
        <div style={{ fontSize: 16, lineHeight: 1.9 }}>
          {paragraphsOf(notice.body ?? notice.summary).map((p, i) => <p key={i} style={{ whiteSpace: 'pre-wrap', margin: '0 0 16px' }}>{p}</p>)}
        </div>
      </article>
    );
  }
  return (
    <div data-testid="notice-detail-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ margin: '0 0 16px' }} aria-label={t('back')}>{back}</nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '32px 40px' }}>{body}</div>
    </div>
  );
}
