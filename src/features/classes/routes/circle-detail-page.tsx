// /circle/detail/{id} (spec learning §2 "Login required"): a class's discussion circle — its id is
// the class id — with posts (newest first, 10 a page) and their replies (oldest first), open to
// the class's members and teachers only: anyone else gets the server's refusal as a page. A post
// or reply I may delete (mine; any for the class's teacher) has 删除 behind a confirmation. Typed
// text passes the text filter (spec learning §5).
import { Avatar, Button, Empty, Input, List, Pagination, Popconfirm, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { showMessage } from '../../../components/feedback/feedback';
import { useFilteredInput } from '../../../lib/text-filter';
import { USER_TEXT_MAX, useCircle, useCircleActions, useCirclePosts, type CirclePost, type CircleReply } from '../api/use-class-tools';
import { dayTime } from '../components/class-format';
import { LoadError, positiveId } from '../components/tool-page';
import { useToolTexts } from '../components/tools-texts';

const PAGE_SIZE = 10;
const secondary = { color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' };

/** A text box with a send button; the text is filtered and cleared once sent. */
function Composer({ placeholder, button, busy, onSend, testId, rows = 3 }: {
  placeholder: string; button: string; busy: boolean; onSend: (text: string) => Promise<unknown>; testId: string; rows?: number;
}) {
  const text = useFilteredInput('');
  const content = text.value.trim();
  const tooLong = content.length > USER_TEXT_MAX;
  return (
    <form data-testid={testId} onSubmit={(e) => { e.preventDefault(); if (content && !tooLong) void onSend(content).then(() => text.setValue(''), () => undefined); }}>
      <Input.TextArea {...text.inputProps} rows={rows} placeholder={placeholder} aria-label={placeholder} status={tooLong ? 'error' : undefined} data-testid={`${testId}-input`} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 12, alignItems: 'center', marginTop: 8 }}>
        <span style={tooLong ? { color: 'var(--ant-color-error, #ff4d4f)' } : secondary}>{content.length}/{USER_TEXT_MAX}</span>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!content || tooLong} data-testid={`${testId}-submit`}>{button}</Button>
      </div>
    </form>
  );
}

function DeleteButton({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const t = useToolTexts();
  return (
    <Popconfirm title={t('deletePostConfirm')} okText={t('confirmOk')} cancelText={t('confirmCancel')} okButtonProps={{ danger: true }} onConfirm={() => onConfirm().then(() => showMessage('success', t('deleteDone')), () => undefined)}>
      <Button size="small" type="text" data-testid="circle-delete">{t('delete')}</Button>
    </Popconfirm>
  );
}

function Reply({ r, circleId }: { r: CircleReply; circleId: number }) {
  const { remove } = useCircleActions(circleId);
  return (
    <li data-testid="circle-reply" data-id={r.id} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '6px 0' }}>
      <Avatar size="small" src={r.avatar ?? undefined} alt="">{r.name.slice(0, 1)}</Avatar>
      <div style={{ flex: 1 }}>
        <strong>{r.name}</strong> <span style={secondary}>{dayTime(r.createdAt)}</span>
        <p style={{ margin: '2px 0 0', whiteSpace: 'pre-wrap' }}>{r.content}</p>
      </div>
      {r.canDelete && <DeleteButton onConfirm={() => remove.mutateAsync(r.id)} />}
    </li>
  );
}

function Post({ p, circleId }: { p: CirclePost; circleId: number }) {
  const t = useToolTexts();
  const { reply, remove } = useCircleActions(circleId);
  const [replying, setReplying] = useState(false);
  return (
    <List.Item data-testid="circle-post" data-id={p.id} actions={[
      <Button key="reply" size="small" type="link" onClick={() => setReplying((x) => !x)} aria-expanded={replying} data-testid="circle-reply-toggle">{t('reply')}{p.replies.length ? ` (${p.replies.length})` : ''}</Button>,
      ...(p.canDelete ? [<DeleteButton key="delete" onConfirm={() => remove.mutateAsync(p.id)} />] : []),
    ]}>
      <List.Item.Meta
        avatar={<Avatar src={p.avatar ?? undefined} alt="">{p.name.slice(0, 1)}</Avatar>}
        title={p.name}
        description={<time dateTime={p.createdAt}>{dayTime(p.createdAt)}</time>}
      />
      <p style={{ margin: '0 0 8px', whiteSpace: 'pre-wrap', lineHeight: 1.7 }}>{p.content}</p>
      {p.replies.length > 0 && (
        <ul style={{ listStyle: 'none', margin: '0 0 8px', padding: '4px 12px', background: 'var(--portal-fill, rgba(0,0,0,0.03))', borderRadius: 6 }}>
          {p.replies.map((r) => <Reply key={r.id} r={r} circleId={circleId} />)}
        </ul>
      )}
      {replying && (
        <Composer
          testId="circle-reply-form" rows={2} placeholder={t('replyPlaceholder')} button={t('reply')} busy={reply.isPending}
          onSend={(content) => reply.mutateAsync({ postId: p.id, content }).then(() => showMessage('success', t('replyDone')))}
        />
      )}
    </List.Item>
  );
}

function Posts({ circleId }: { circleId: number }) {
  const t = useToolTexts();
  const [pageNo, setPageNo] = useState(1);
  const posts = useCirclePosts(circleId, { pageNo, pageSize: PAGE_SIZE }, true);
  const { post } = useCircleActions(circleId);
  let list;
  if (posts.isPending) list = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (posts.isError) list = <LoadError error={posts.error} retry={() => void posts.refetch()} />;
  else if (posts.data.total === 0) list = <Empty description={t('noPosts')} />;
  else {
    list = (
      <>
        <List itemLayout="vertical" dataSource={posts.data.list} rowKey="id" renderItem={(p) => <Post p={p} circleId={circleId} />} />
        {posts.data.total > PAGE_SIZE && <Pagination style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={posts.data.total} onChange={setPageNo} showSizeChanger={false} />}
      </>
    );
  }
  return (
    <>
      <Composer
        testId="circle-post-form" placeholder={t('postPlaceholder', { n: USER_TEXT_MAX })} button={t('post')} busy={post.isPending}
        onSend={(content) => post.mutateAsync(content).then(() => { setPageNo(1); showMessage('success', t('postDone')); })}
      />
      <section data-testid="circle-posts" aria-busy={posts.isFetching} style={{ marginTop: 16 }}>{list}</section>
    </>
  );
}

export default function CircleDetailPage() {
  const t = useToolTexts();
  const { id: raw } = useParams();
  const id = positiveId(raw);
  const circle = useCircle(id);
  let body;
  if (id === null) body = <Result status="404" title={t('noClass')} />;
  else if (circle.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (circle.isError) {
    // Not a member (or no such class): the server's reason, with the way to the class.
    const refused = circle.error instanceof ApiError;
    body = refused
      ? <Result status="403" title={t('circleMembersOnly')} subTitle={circle.error.message} extra={<Link to={`/classes/detail/${id}`}>{t('backToClass')}</Link>} data-testid="circle-refused" />
      : <LoadError error={circle.error} retry={() => void circle.refetch()} />;
  } else {
    const c = circle.data;
    body = (
      <>
        <header style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 16 }}>
          <Avatar shape="square" size={56} src={c.cover ?? undefined} alt="">{c.title.slice(0, 1)}</Avatar>
          <div>
            <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{c.title} {c.isTeacher && <Tag color="gold">{t('teacherTag')}</Tag>}</h1>
            <p style={{ margin: '4px 0 0', ...secondary }} data-testid="circle-stats">{t('circleStats', { members: c.memberCount, posts: c.postCount })}</p>
          </div>
        </header>
        {c.summary && <p style={{ margin: '0 0 16px' }}>{c.summary}</p>}
        <Posts circleId={c.id} />
      </>
    );
  }
  return (
    <div data-testid="circle-detail-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ margin: '0 0 16px' }}>
        <Link to={id === null ? '/user/center/study/myGroup' : `/classes/detail/${id}`}>‹ {t('backToClass')}</Link>
      </nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>{body}</div>
    </div>
  );
}
