// /user/center/content/myWorks (spec learning §2 "Personal center" content; issue 20 part V): my
// works, the latest edited first, filtered by state: drafts, in review, published (readable at
// /content/noval/{id}) and not approved (with the reviewer's reason). Each shows its kind, words
// and chapters; edit it (not while in review), read it once published, delete one never published.
import { Button, List, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { deleteWork, useMyWorks, useWorksMutation, workEditPath, workReaderPath, type MyWorkItem, type WorkState } from '../../../api/creators';
import { showMessage } from '../../../components/feedback/feedback';
import { CenterLayout } from '../components/center-layout';
import { shortTime, StudyList, usePaging } from '../components/study-list';
import { useWorksTexts } from '../components/works-texts';

const STATE_COLOR: Record<WorkState, string> = { draft: 'default', pending: 'processing', published: 'success', rejected: 'error' };

/** The path of the editor for a new work. */
export const NEW_WORK_PATH = '/user/center/content/myWorks/create';

export default function MyWorksPage() {
  const t = useWorksTexts();
  const { t: i18n } = useTranslation();
  const navigate = useNavigate();
  const { page, onPage } = usePaging();
  const [state, setState] = useState<WorkState | 'all'>('all');
  const query = useMyWorks({ ...page, state: state === 'all' ? undefined : state });
  const remove = useWorksMutation((id: number) => deleteWork(id).then(() => showMessage('success', t('removedOk'))));

  return (
    <CenterLayout title={i18n('route.myWorks')} testId="my-works">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Segmented
          aria-label={t('filter')} value={state}
          onChange={(v) => { setState(v as WorkState | 'all'); onPage(1, page.pageSize); }}
          options={(['all', 'draft', 'pending', 'published', 'rejected'] as const).map((s) => ({ value: s, label: t(s) }))}
        />
        <Button type="primary" onClick={() => void navigate(NEW_WORK_PATH)} data-testid="works-write">{t('write')}</Button>
      </div>
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-works-list" rowKey={(w: MyWorkItem) => w.id}
        empty={{ text: `${t('noWorks')}. ${t('noWorksHint')}`, linkText: t('startWriting'), to: NEW_WORK_PATH }}
        renderRow={(w: MyWorkItem) => (
          <List.Item data-testid="my-work-item" data-id={w.id} data-state={w.state}>
            <div style={{ display: 'flex', gap: 16, width: '100%' }}>
              {w.cover
                ? <img src={w.cover} alt="" style={{ width: 60, aspectRatio: '3 / 4', objectFit: 'cover', borderRadius: 4, flex: 'none' }} loading="lazy" />
                : <span aria-hidden="true" style={{ width: 60, aspectRatio: '3 / 4', borderRadius: 4, flex: 'none', background: 'var(--portal-border, #f0f0f0)' }} />}
              <div className="portal-study__body" style={{ flex: 1, minWidth: 0 }}>
                {w.published
                  ? <Link to={workReaderPath(w)} className="portal-study__title">{w.title}</Link>
                  : <span className="portal-study__title">{w.title}</span>}{' '}
                <Tag color={STATE_COLOR[w.state]} data-testid="my-work-state">{t(w.state)}</Tag>
                {w.unsubmittedChanges ? <Tag>{t('unsubmitted')}</Tag> : null}
                <div className="portal-study__meta">
                  {[
                    t(w.purpose === 5 ? 'ebook' : 'serial'), w.serialState ? t(w.serialState) : null, w.categoryName,
                    t('chapters', { n: w.chapterCount }), t('words', { n: w.wordCount }),
                    w.state === 'pending' && w.submittedAt ? t('submitted', { time: shortTime(w.submittedAt) }) : w.editedAt ? t('edited', { time: shortTime(w.editedAt) }) : null,
                  ].filter(Boolean).join(' · ')}
                </div>
                {w.state === 'rejected' && w.auditReason
                  ? <Typography.Paragraph style={{ margin: '4px 0 0', fontWeight: 500 }} data-testid="my-work-reason">{t('rejectReason', { reason: w.auditReason })}</Typography.Paragraph>
                  : null}
                {w.intro ? <Typography.Paragraph ellipsis={{ rows: 2 }} className="portal-study__meta" style={{ margin: '4px 0 0' }}>{w.intro}</Typography.Paragraph> : null}
                <Space size="small" wrap style={{ marginTop: 6 }}>
                  {w.state === 'pending'
                    ? <Typography.Text type="secondary">{t('inReviewHint')}</Typography.Text>
                    : <Link to={workEditPath(w.id)} data-testid="my-work-edit">{t('edit')}</Link>}
                  {w.published ? <Link to={workReaderPath(w)} data-testid="my-work-read">{t('read')}</Link> : null}
                  {!w.published && w.state !== 'pending' ? (
                    /* Not a danger button: antd's dark danger text fails the contrast gate; the confirm's OK is the danger. */
                    <Popconfirm title={t('removeConfirm')} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(w.id)}>
                      <Button size="small" loading={remove.isPending && remove.variables === w.id} data-testid="my-work-remove">{t('remove')}</Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              </div>
            </div>
          </List.Item>
        )}
      />
    </CenterLayout>
  );
}
