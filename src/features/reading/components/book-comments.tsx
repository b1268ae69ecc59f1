// A book's rating and reviews on its page (issue 20 part U; spec learning §2 "Reading content":
// rating and comments on /content/noval/detail/{id}). They are the cm comments and scores of the
// content (src/api/social.ts, the same calls as the learning pages' social panel), so a review
// written here shows on the reader and in /user/center/content/myComment. Text is filtered as it
// is typed (spec learning §5) and rendered as text, never as HTML. Guests read and get a sign-in link.
import { Avatar, Button, Empty, Input, Pagination, Rate, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showMessage } from '../../../components/feedback/feedback';
import { COMMENT_MAX_CHARS, COMMENT_PAGE_SIZE, getScore, queryComments, saveComment, type SocialTarget } from '../../../api/social';
import { loginPath } from '../../../lib/login-path';
import { relativeTime } from '../../../lib/relative-time';
import { useFilteredInput } from '../../../lib/text-filter';
import { useAppStore } from '../../../stores/app-store';
import { selectSignedIn, selectUserId, useUserStore } from '../../../stores/user-store';
import { usePlatformTexts } from './platform-texts';

/** The 'social' key root: the center's delete invalidates it, so a deleted review leaves this page too. */
function useSocialKey(target: SocialTarget) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['social', tenantId, userId, 'book', target.targetType, target.targetId] as const;
}

/** The rating line: average and how many scored. */
export function BookRating({ target }: { target: SocialTarget }) {
  const t = usePlatformTexts();
  const key = useSocialKey(target);
  const score = useQuery({ queryKey: [...key, 'score'], queryFn: ({ signal }) => getScore(target, { silent: true, signal }), retry: false });
  if (!score.data) return <span data-testid="book-rating">{score.isError ? t('noRating') : '…'}</span>;
  return (
    <span data-testid="book-rating" style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <Rate disabled allowHalf value={score.data.average} style={{ fontSize: 14 }} aria-label={t('rating')} />
      {score.data.count > 0 ? t('ratingSummary', { avg: score.data.average.toFixed(1), n: score.data.count }) : t('noRating')}
    </span>
  );
}

/** The review form, the paged list newest first, and the sign-in link for guests. */
export function BookComments({ target }: { target: SocialTarget }) {
  const t = usePlatformTexts();
  const key = useSocialKey(target);
  const client = useQueryClient();
  const signedIn = useUserStore(selectSignedIn);
  const { pathname, search } = useLocation();
  const [pageNo, setPageNo] = useState(1);
  const [score, setScore] = useState(0);
  const { value, setValue, inputProps } = useFilteredInput('');
  const comments = useQuery({
    queryKey: [...key, 'comments', pageNo], queryFn: ({ signal }) => queryComments(target, { pageNo, pageSize: COMMENT_PAGE_SIZE }, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
  const save = useMutation({
    mutationFn: () => saveComment(target, value.trim(), score > 0 ? score : null),
    onSuccess: async () => {
      setValue('');
      setScore(0);
      setPageNo(1);
      showMessage('success', t('commented'));
      await client.invalidateQueries({ queryKey: key });
    },
  });
  const length = [...value.trim()].length;
  const page = comments.data;

  let list;
  if (comments.isError) list = <p>{t('loadFailed')} <Button size="small" onClick={() => void comments.refetch()}>{t('retry')}</Button></p>;
  else if (!page) list = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  else if (page.total === 0) list = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noComments')} />;
  else {
    list = (
      <>
        <ul data-testid="book-comment-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {page.list.map((c) => (
            <li key={c.id} data-testid="book-comment" data-comment-id={c.id} style={{ display: 'flex', gap: 12, padding: '12px 0', borderBottom: '1px solid var(--portal-border, rgba(0,0,0,0.06))' }}>
              <Avatar src={c.avatar ?? undefined} alt="">{c.userName.slice(0, 1)}</Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                  <strong>{c.userName}</strong>
                  {c.score !== null && <Rate disabled value={c.score} style={{ fontSize: 12 }} aria-label={`${c.score}`} />}
                  <time dateTime={c.createTime} style={{ fontSize: 12, color: 'var(--portal-text-secondary, rgba(0,0,0,0.55))' }}>{relativeTime(c.createTime)}</time>
                </div>
                <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.content}</p>
              </div>
            </li>
          ))}
        </ul>
        {page.total > page.pageSize && (
          <Pagination style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={page.pageSize} total={page.total} showSizeChanger={false} onChange={setPageNo} />
        )}
      </>
    );
  }

  return (
    <section data-testid="book-comments" aria-labelledby="book-comments-title" style={{ marginTop: 32 }}>
      <h2 id="book-comments-title" style={{ fontSize: 18, margin: '0 0 8px' }}>{t('comments')}{page ? ` (${page.total})` : ''}</h2>
      {signedIn ? (
        <form
          data-testid="book-comment-form" style={{ display: 'grid', gap: 8, margin: '12px 0 20px' }}
          onSubmit={(event) => {
            event.preventDefault();
            if (length === 0) showMessage('warning', t('emptyComment'));
            else save.mutate();
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span>{t('commentScore')}</span>
            <Rate value={score} onChange={setScore} aria-label={t('commentScore')} />
          </div>
          <Input.TextArea {...inputProps} aria-label={t('comments')} placeholder={t('commentPlaceholder')} maxLength={COMMENT_MAX_CHARS} autoSize={{ minRows: 3, maxRows: 8 }} />
          <div><Button type="primary" htmlType="submit" loading={save.isPending} disabled={length === 0}>{t('submitComment')}</Button></div>
        </form>
      ) : <p style={{ margin: '12px 0 20px' }}><Link to={loginPath(`${pathname}${search}`)} data-testid="book-comment-login">{t('signInToComment')}</Link></p>}
      {list}
    </section>
  );
}
