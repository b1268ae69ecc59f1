// The comments of a target (spec learning §7 "Comments and favourites"; issue 7 item 5): a form for
// a 1–5 score and text, filtered as it is typed (spec learning §5: special symbols, brackets and
// emoji are removed, with the 暂不支持部分特殊符号 notice), the paged list newest first, and delete
// for my own after a confirmation. Comment text is rendered as text, never as HTML. Guests read the
// list and get a link to sign in and come back.
import { Avatar, Button, Empty, Input, Pagination, Popconfirm, Rate, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { loginPath } from '../../../lib/login-path';
import { relativeTime } from '../../../lib/relative-time';
import { useFilteredInput } from '../../../lib/text-filter';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { COMMENT_MAX_CHARS, useComments, useDeleteComment, useSaveComment, type CommentItem, type SocialTarget } from '../api/social';
import { useSocialTexts } from './social-texts';

/** Characters as the server counts them (code points). */
const charCount = (text: string) => [...text].length;

/** The form: score, text and the post button. */
function CommentForm({ target, onPosted }: { target: SocialTarget; onPosted(): void }) {
  const t = useSocialTexts();
  const [score, setScore] = useState(0);
  const { value, setValue, inputProps } = useFilteredInput('');
  const save = useSaveComment(target);
  const text = value.trim();
  const length = charCount(text);
  const tooLong = length > COMMENT_MAX_CHARS;

  const submit = () => {
    if (text.length === 0) {
      showMessage('warning', t('empty'));
      return;
    }
    save.mutate({ content: text, score: score > 0 ? score : null }, {
      onSuccess: () => {
        setValue('');
        setScore(0);
        showMessage('success', t('posted'));
        onPosted();
      },
    });
  };

  return (
    <form
      data-testid="social-comment-form"
      style={{ display: 'grid', gap: 8, margin: '16px 0 24px' }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <span>{t('yourScore')}</span>
        <Rate value={score} onChange={setScore} aria-label={t('yourScore')} />
      </div>
      <Input.TextArea {...inputProps} aria-label={t('comments')} placeholder={t('placeholder', { max: COMMENT_MAX_CHARS })} autoSize={{ minRows: 3, maxRows: 8 }} />
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <span data-testid="social-comment-count" style={{ color: tooLong ? 'var(--portal-error, #ff4d4f)' : 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontSize: 12 }}>
          {tooLong ? t('tooLong', { max: COMMENT_MAX_CHARS }) : t('chars', { n: length, max: COMMENT_MAX_CHARS })}
        </span>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={length === 0 || tooLong}>{t('submit')}</Button>
      </div>
    </form>
  );
}

/** One comment; mine has a delete button behind a confirmation. */
function CommentRow({ comment, target }: { comment: CommentItem; target: SocialTarget }) {
  const t = useSocialTexts();
  const remove = useDeleteComment(target);
  return (
    <li data-testid="social-comment" data-comment-id={comment.id} style={{ display: 'flex', gap: 12, padding: '12px 0', borderBottom: '1px solid var(--portal-border, rgba(0,0,0,0.06))' }}>
      <Avatar src={comment.avatar ?? undefined} alt="">{comment.userName.slice(0, 1)}</Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <strong>{comment.userName}</strong>
          {comment.mine && <span style={{ fontSize: 12, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>（{t('me')}）</span>}
          {comment.score !== null && <Rate disabled value={comment.score} style={{ fontSize: 12 }} aria-label={`${comment.score}`} />}
          <time dateTime={comment.createTime} style={{ fontSize: 12, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{relativeTime(comment.createTime)}</time>
        </div>
        {/* Plain text from the server; React escapes it, and white-space keeps the writer's lines. */}
        <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.content}</p>
      </div>
      {comment.mine && (
        <Popconfirm
          title={t('confirmDelete')} okText={t('confirmOk')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync(comment.id).then(() => showMessage('success', t('deleted')))}
        >
          <Button type="link" size="small" loading={remove.isPending}>{t('delete')}</Button>
        </Popconfirm>
      )}
    </li>
  );
}

/** The comment block: form (or the sign-in link), list and pager. */
export function CommentSection({ target }: { target: SocialTarget }) {
  const t = useSocialTexts();
  const signedIn = useUserStore(selectSignedIn);
  const { pathname, search } = useLocation();
  const [pageNo, setPageNo] = useState(1);
  const comments = useComments(target, pageNo);
  const page = comments.data;

  let list;
  if (comments.isError) {
    list = <p className="social-load-failed">{t('loadFailed')} <Button size="small" onClick={() => void comments.refetch()}>{t('retry')}</Button></p>;
  } else if (!page) {
    list = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  } else if (page.total === 0) {
    list = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noComments')} />;
  } else {
    list = (
      <>
        <ul data-testid="social-comment-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {page.list.map((comment) => <CommentRow key={comment.id} comment={comment} target={target} />)}
        </ul>
        {page.total > page.pageSize && (
          <Pagination
            style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={page.pageSize} total={page.total}
            showSizeChanger={false} onChange={setPageNo}
          />
        )}
      </>
    );
  }

  return (
    <section data-testid="social-comments" aria-label={t('comments')}>
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{page ? t('commentCount', { n: page.total }) : t('comments')}</h2>
      {signedIn
        ? <CommentForm target={target} onPosted={() => setPageNo(1)} />
        : <p style={{ margin: '12px 0 20px' }}><Link to={loginPath(`${pathname}${search}`)} data-testid="social-login">{t('loginToComment')}</Link></p>}
      {list}
    </section>
  );
}
