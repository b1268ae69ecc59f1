// /content/author/{id} (issue 20 part U; spec learning §2 "Reading content", §7 userFollow/save and
// fans): an author's page: avatar, pen name, intro, works (paged, each to its book page), followers
// (counted and listed, paged) and follow / unfollow. Following your own pen name is refused by the
// server; the page says so instead of offering it. Guests are sent to sign in and come back.
import { Avatar, Button, Empty, Pagination, Skeleton, Space, Statistic } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useAuthor, useAuthorWorks, useFans, useSaveFollow, type AuthorDetail } from '../../../api/reading-platform';
import { showMessage } from '../../../components/feedback/feedback';
import { usePageTitle } from '../../../components/use-page-title';
import { loginPath } from '../../../lib/login-path';
import { relativeTime } from '../../../lib/relative-time';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { authorPath, BookList, pageState, positiveId, useWords } from '../components/platform-parts';
import { usePlatformTexts } from '../components/platform-texts';

const PAGE_SIZE = 10;

function FollowButton({ author }: { author: AuthorDetail }) {
  const t = usePlatformTexts();
  const signedIn = useUserStore(selectSignedIn);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const save = useSaveFollow();
  if (author.mine) return <span data-testid="author-mine">{t('itsYou')}</span>;
  const toggle = () => {
    if (!signedIn) {
      showMessage('info', t('signInFirst'));
      void navigate(loginPath(pathname));
      return;
    }
    save.mutate({ authorId: author.id, follow: !author.following }, {
      onSuccess: (s) => showMessage('success', t(s.following ? 'followed' : 'unfollowed')),
      onError: (e) => showMessage('error', e.message),
    });
  };
  return (
    <Button type={author.following ? 'default' : 'primary'} data-testid="author-follow" aria-pressed={author.following} loading={save.isPending} onClick={toggle}>
      {t(author.following ? 'unfollow' : 'follow')}
    </Button>
  );
}

function Works({ authorId }: { authorId: number }) {
  const t = usePlatformTexts();
  const [pageNo, setPageNo] = useState(1);
  const works = useAuthorWorks(authorId, { pageNo, pageSize: PAGE_SIZE });
  if (works.isError) return <p>{t('loadFailed')} <Button size="small" onClick={() => void works.refetch()}>{t('retry')}</Button></p>;
  if (!works.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <>
      <BookList books={works.data.list} empty={t('noWorks')} testId="author-works" />
      {works.data.total > PAGE_SIZE && <Pagination style={{ marginTop: 12 }} current={pageNo} pageSize={PAGE_SIZE} total={works.data.total} showSizeChanger={false} onChange={setPageNo} />}
    </>
  );
}

function Fans({ authorId }: { authorId: number }) {
  const t = usePlatformTexts();
  const [pageNo, setPageNo] = useState(1);
  const fans = useFans(authorId, { pageNo, pageSize: PAGE_SIZE });
  if (fans.isError) return <p>{t('loadFailed')} <Button size="small" onClick={() => void fans.refetch()}>{t('retry')}</Button></p>;
  if (!fans.data) return <Skeleton active avatar paragraph={{ rows: 2 }} />;
  if (fans.data.total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFans')} />;
  return (
    <>
      <ul data-testid="author-fans" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {fans.data.list.map((f, i) => (
          <li key={`${f.followedAt}-${i}`} style={{ display: 'flex', gap: 10, alignItems: 'center', padding: '8px 0' }}>
            <Avatar src={f.avatar ?? undefined} alt="">{f.name.slice(0, 1)}</Avatar>
            {f.author ? <Link to={authorPath(f.author.id)}>{f.author.penName}</Link> : <span>{f.name}</span>}
            <span style={{ fontSize: 12, color: 'var(--portal-text-secondary, rgba(0,0,0,0.65))' }}>{t('followedAt', { time: relativeTime(f.followedAt) })}</span>
          </li>
        ))}
      </ul>
      {fans.data.total > PAGE_SIZE && <Pagination style={{ marginTop: 12 }} current={pageNo} pageSize={PAGE_SIZE} total={fans.data.total} showSizeChanger={false} onChange={setPageNo} />}
    </>
  );
}

function AuthorBody({ author }: { author: AuthorDetail }) {
  const t = usePlatformTexts();
  const words = useWords();
  return (
    <article data-testid="author-detail" data-author-id={author.id}>
      <header style={{ display: 'flex', gap: 20, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar size={88} src={author.avatar ?? undefined} alt="" style={{ fontSize: 36 }}>{author.penName.slice(0, 1)}</Avatar>
        <div style={{ flex: 1, minWidth: 220 }}>
          <h1 style={{ margin: '0 0 6px', fontSize: 24 }}>{author.penName}</h1>
          <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{author.intro || t('noIntro')}</p>
        </div>
        <Space size={32} wrap>
          <Statistic title={t('works')} value={author.workCount} />
          <Statistic title={t('words')} value={words(author.wordCount)} />
          <Statistic title={t('fans')} value={author.fans} data-testid="author-fans-count" />
          <FollowButton author={author} />
        </Space>
      </header>
      <section aria-labelledby="author-works-title" style={{ marginTop: 28 }}>
        <h2 id="author-works-title" style={{ fontSize: 18 }}>{t('works')}</h2>
        <Works authorId={author.id} />
      </section>
      <section aria-labelledby="author-fans-title" style={{ marginTop: 28 }}>
        <h2 id="author-fans-title" style={{ fontSize: 18 }}>{t('fans')}</h2>
        <Fans authorId={author.id} />
      </section>
    </article>
  );
}

export default function AuthorPage() {
  const t = usePlatformTexts();
  const { id: rawId } = useParams();
  const id = positiveId(rawId);
  const author = useAuthor(id);
  usePageTitle(author.data?.penName);
  if (rawId === undefined) return <Navigate to="/content/textPlatform" replace />;
  const back = <Link to="/content/textPlatform">‹ {t('platform')}</Link>;
  const notFound = id === null || (author.error instanceof ApiError && author.error.errorCode === 'AUTHOR_NOT_FOUND');
  const state = pageState({
    notFound, notFoundTitle: t('authorNotFound'), notFoundHint: t('authorNotFoundHint', { id: rawId }), error: author.error, pending: author.isPending,
    retry: () => void author.refetch(), extra: back, loadingTestId: 'author-loading', texts: { loadFailed: t('loadFailed'), retry: t('retry') },
  });
  return (
    <div className="author-page" data-testid="author-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ margin: '0 0 16px' }} aria-label={t('back')}>{back}</nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>
        {state ?? (author.data ? <AuthorBody author={author.data} /> : null)}
      </div>
    </div>
  );
}
