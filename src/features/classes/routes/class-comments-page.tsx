// /classes/userList?classesId= (spec learning §7 classesComment search, save, delComment): the
// class's learner comments, newest first, 10 a page; members (and the class's teachers) write one
// with an optional star rating; a comment I may delete (mine, or any for a teacher) has 删除
// behind a confirmation. Typed text passes the text filter (spec learning §5).
import { Avatar, Button, Empty, Input, List, Pagination, Popconfirm, Rate, Skeleton } from 'antd';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useFilteredInput } from '../../../lib/text-filter';
import { useClassDetail } from '../api/use-classes';
import { USER_TEXT_MAX, useClassAuth, useClassComments, useCommentActions, type ClassComment } from '../api/use-class-tools';
import { dayTime } from '../components/class-format';
import { LoadError, ToolPage, useClassesIdParam } from '../components/tool-page';
import { useToolTexts } from '../components/tools-texts';

const PAGE_SIZE = 10;

function CommentForm({ classesId, onPosted }: { classesId: number; onPosted: () => void }) {
  const t = useToolTexts();
  const text = useFilteredInput('');
  const [score, setScore] = useState(0);
  const { save } = useCommentActions(classesId);
  const content = text.value.trim();
  const tooLong = content.length > USER_TEXT_MAX;
  const submit = () => {
    if (!content) return showMessage('warning', t('commentEmpty'));
    save.mutate({ content, ...(score > 0 ? { score } : {}) }, {
      onSuccess: () => { text.setValue(''); setScore(0); showMessage('success', t('commentDone')); onPosted(); },
    });
  };
  return (
    <form
      aria-label={t('writeComment')} data-testid="class-comment-form" style={{ marginBottom: 24 }}
      onSubmit={(e) => { e.preventDefault(); submit(); }}
    >
      <Input.TextArea
        {...text.inputProps} rows={3} aria-label={t('writeComment')} data-testid="class-comment-input"
        placeholder={t('commentPlaceholder', { n: USER_TEXT_MAX })} status={tooLong ? 'error' : undefined}
      />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8, flexWrap: 'wrap' }}>
        <span id="class-comment-score">{t('commentScore')}</span>
        <Rate value={score} onChange={setScore} aria-labelledby="class-comment-score" />
        <span style={{ flex: 1 }} />
        <span role={tooLong ? 'alert' : undefined} style={{ color: tooLong ? 'var(--ant-color-error, #ff4d4f)' : 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>
          {tooLong ? t('commentTooLong', { n: USER_TEXT_MAX }) : `${content.length}/${USER_TEXT_MAX}`}
        </span>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={tooLong} data-testid="class-comment-submit">{t('submit')}</Button>
      </div>
    </form>
  );
}

function CommentRow({ c, classesId }: { c: ClassComment; classesId: number }) {
  const t = useToolTexts();
  const { remove } = useCommentActions(classesId);
  return (
    <List.Item
      data-testid="class-comment" data-id={c.id} data-mine={c.mine || undefined}
      actions={c.canDelete ? [
        <Popconfirm
          key="delete" title={t('deleteConfirm')} okText={t('confirmOk')} cancelText={t('confirmCancel')} okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync(c.id).then(() => showMessage('success', t('deleteDone')), () => undefined)}
        >
          <Button size="small" type="text" loading={remove.isPending} data-testid="class-comment-delete">{t('delete')}</Button>
        </Popconfirm>,
      ] : []}
    >
      <List.Item.Meta
        avatar={<Avatar src={c.avatar ?? undefined} alt="">{c.name.slice(0, 1)}</Avatar>}
        title={<span>{c.name}{c.mine ? t('me') : ''} {c.score ? <Rate disabled value={c.score} style={{ fontSize: 12, marginLeft: 8 }} /> : null}</span>}
        description={<time dateTime={c.createdAt}>{dayTime(c.createdAt)}</time>}
      />
      <p style={{ margin: '8px 0 0 48px', whiteSpace: 'pre-wrap', lineHeight: 1.7, width: '100%' }}>{c.content}</p>
    </List.Item>
  );
}

function Comments({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const [pageNo, setPageNo] = useState(1);
  const auth = useClassAuth(classesId);
  const query = useClassComments(classesId, { pageNo, pageSize: PAGE_SIZE });
  const mayWrite = auth.data ? auth.data.isMember || auth.data.isTeacher : false;
  let list;
  if (query.isPending) list = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (query.isError) list = <LoadError error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.total === 0) list = <Empty description={t('noComments')} />;
  else {
    list = (
      <>
        <p style={{ margin: '0 0 8px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }} data-testid="class-comment-count">{t('commentCount', { n: query.data.total })}</p>
        <List itemLayout="vertical" dataSource={query.data.list} rowKey="id" renderItem={(c) => <CommentRow c={c} classesId={classesId} />} />
        {query.data.total > PAGE_SIZE && (
          <Pagination style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPageNo} showSizeChanger={false} />
        )}
      </>
    );
  }
  return (
    <>
      {mayWrite
        ? <CommentForm classesId={classesId} onPosted={() => setPageNo(1)} />
        : auth.data && <p role="note" data-testid="class-comment-members-only" style={{ margin: '0 0 16px' }}>{t('membersOnlyComment')}</p>}
      <section aria-busy={query.isFetching} data-testid="class-comment-list">{list}</section>
    </>
  );
}

export default function ClassCommentsPage() {
  const t = useToolTexts();
  const classesId = useClassesIdParam();
  const cls = useClassDetail(classesId);
  return (
    <ToolPage classesId={classesId} testId="class-comments-page" title={cls.data ? `${t('commentsTitle')} · ${cls.data.title}` : t('commentsTitle')}>
      {classesId !== null && <Comments classesId={classesId} />}
    </ToolPage>
  );
}
