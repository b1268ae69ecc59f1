// /user/center/study/myComment (spec learning §2 "Personal center", §7 userComment, delComment):
// my comments, newest first, each with what it is about (a link, or "no longer available"), its
// score and time, and delete after a confirmation.
import { Button, List, Popconfirm, Rate } from 'antd';
import { Link } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useDeleteComment, useMyComments } from '../api/my-study';
import { CenterLayout } from '../components/center-layout';
import { shortTime, StudyList, targetPath, usePaging } from '../components/study-list';
import { useStudyTexts } from '../components/study-texts';

export default function MyCommentPage() {
  const t = useStudyTexts();
  const { page, onPage } = usePaging();
  const query = useMyComments(page);
  const remove = useDeleteComment();
  return (
    <CenterLayout title={t('myComment')} testId="my-comment">
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-comment-list"
        empty={{ text: t('noComment'), linkText: t('findToComment'), to: '/course' }}
        rowKey={(c) => c.id}
        renderRow={(c) => (
          <List.Item
            data-testid="my-comment-item" data-id={c.id}
            actions={[
              <Popconfirm
                key="delete" title={t('deleteConfirm')} okText={t('confirm')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(c.id).then(() => showMessage('success', t('deleted')), () => undefined)}
              >
                <Button size="small" data-testid="my-comment-delete">{t('deleteComment')}</Button>
              </Popconfirm>,
            ]}
          >
            <div className="portal-study__body">
              <div>
                {t('commentOn')}{' '}
                {c.targetTitle === null
                  ? <span className="portal-study__meta">{t('offShelf')}</span>
                  : <Link to={targetPath(c.targetType, c.targetId)} className="portal-study__title">{c.targetTitle}</Link>}
              </div>
              {c.score !== null ? <Rate disabled value={c.score} style={{ fontSize: 14 }} aria-label={t('score')} /> : null}
              <p className="portal-study__text">{c.content}</p>
              <div className="portal-study__meta">{shortTime(c.createTime)}</div>
            </div>
          </List.Item>
        )}
      />
    </CenterLayout>
  );
}
