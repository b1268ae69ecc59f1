// /user/center/content/myComment (issue 20 part U; spec learning §2 "Personal center" content, §7
// GET /cmu/api/articleComment/searchByUser, POST /cmu/api/articleComment/delComment): my reviews of
// books and works, newest first, each with the work (its book page, or "no longer available"), the
// score and time, and delete after a confirmation. Only my own are listed, so only mine are deleted.
// The delete is a plain button with a red confirm: antd's small danger text is below 4.5:1 in dark mode.
import { Button, List, Popconfirm, Rate } from 'antd';
import { Link } from 'react-router';
import { useDeleteBookComment, useMyBookComments } from '../../../api/reading-platform';
import { showMessage } from '../../../components/feedback/feedback';
import { CenterLayout } from '../components/center-layout';
import { useReadingCenterTexts } from '../components/reading-center-texts';
import { shortTime, StudyCover, StudyList, usePaging } from '../components/study-list';

export default function ContentCommentPage() {
  const t = useReadingCenterTexts();
  const { page, onPage } = usePaging();
  const query = useMyBookComments(page);
  const remove = useDeleteBookComment();
  return (
    <CenterLayout title={t('contentComment')} testId="content-comment">
      <StudyList
        query={query} page={page} onPage={onPage} testId="content-comment-list"
        empty={{ text: t('noComments'), linkText: t('findBooks'), to: '/content/textPlatform' }}
        rowKey={(c) => c.id}
        renderRow={(c) => (
          <List.Item
            data-testid="content-comment-item" data-id={c.id}
            actions={[
              <Popconfirm
                key="delete" title={t('deleteConfirm')} okText={t('confirm')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(c.id).then(() => showMessage('success', t('deleted')), (e: Error) => showMessage('error', e.message))}
              >
                <Button size="small" data-testid="content-comment-delete">{t('deleteComment')}</Button>
              </Popconfirm>,
            ]}
          >
            <div style={{ display: 'flex', gap: 16, minWidth: 0 }}>
              {c.bookTitle !== null && <StudyCover to={`/content/noval/detail/${c.bookId}`} cover={c.cover} />}
              <div className="portal-study__body">
                <div>
                  {t('commentOn')}{' '}
                  {c.bookTitle === null
                    ? <span className="portal-study__meta">{t('offShelf')}</span>
                    : <Link to={`/content/noval/detail/${c.bookId}`} className="portal-study__title">{c.bookTitle}</Link>}
                  {c.authorName ? <span className="portal-study__meta"> · {t('byAuthor', { name: c.authorName })}</span> : null}
                </div>
                {c.score !== null ? <Rate disabled value={c.score} style={{ fontSize: 14 }} aria-label={t('score')} /> : null}
                <p className="portal-study__text">{c.content}</p>
                <div className="portal-study__meta">{shortTime(c.createTime)}</div>
              </div>
            </div>
          </List.Item>
        )}
      />
    </CenterLayout>
  );
}
