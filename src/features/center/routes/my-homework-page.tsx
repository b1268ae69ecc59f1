// /user/center/study/myHomework (spec learning §2 "Personal center" study; issue 18 "Homework"):
// the assignments of every class I am enrolled in, newest first, with my status (未提交, 已提交,
// 已退回, 已批改 with the score), overdue and late marks, and a link to each assignment's page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { List, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMyHomework, homeworkPath, type HomeworkStatus, type MyHomeworkItem } from '../../../api/homework';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CenterLayout } from '../components/center-layout';
import { useCenterHomeworkTexts } from '../components/homework-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

const COLORS: Record<HomeworkStatus, string> = { todo: 'default', submitted: 'processing', returned: 'warning', marked: 'success' };

export default function MyHomeworkPage() {
  const t = useCenterHomeworkTexts();
  const { t: i18n } = useTranslation();
  const { page, onPage } = usePaging();
  const [status, setStatus] = useState<HomeworkStatus | 'all'>('all');
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const query = useQuery({
    queryKey: ['homework', tenantId, userId, 'mine', status, page.pageNo, page.pageSize] as const,
    queryFn: ({ signal }) => getMyHomework({ ...page, status: status === 'all' ? undefined : status }, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
  return (
    <CenterLayout title={i18n('route.myHomework')} testId="my-homework">
      <Segmented
        aria-label={t('filter')} style={{ marginBottom: 16 }} value={status}
        onChange={(v) => { setStatus(v as HomeworkStatus | 'all'); onPage(1, page.pageSize); }}
        options={(['all', 'todo', 'submitted', 'returned', 'marked'] as const).map((s) => ({ value: s, label: t(s) }))}
      />
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-homework-list" rowKey={(h: MyHomeworkItem) => h.id}
        empty={{ text: `${t('noHomework')}. ${t('noHomeworkHint')}`, linkText: t('findClasses'), to: '/classes' }}
        renderRow={(h: MyHomeworkItem) => (
          <List.Item data-testid="my-homework-item" data-id={h.id}>
            <div className="portal-study__body">
              <Link to={homeworkPath(h.id)} className="portal-study__title">{h.title}</Link>{' '}
              <Tag color={COLORS[h.status]}>{t(h.status)}</Tag>
              {h.status === 'marked' && h.score !== null ? <Tag color="success">{t('scoreOf', { score: h.score, total: h.totalScore })}</Tag> : null}
              {h.overdue ? <Tag color="red">{t('overdue')}</Tag> : null}
              {h.late ? <Tag color="orange">{t('late')}</Tag> : null}
              {h.state === 'closed' ? <Tag>{t('closed')}</Tag> : null}
              <div className="portal-study__meta">
                {[t('className', { name: h.classesTitle }), h.deadline ? t('deadline', { time: shortTime(h.deadline) }) : t('noDeadline')].join(' · ')}
              </div>
              <div className="portal-study__meta">
                <Link to={homeworkPath(h.id)}>{h.status === 'todo' || h.status === 'returned' ? t('open') : t('view')}</Link>
              </div>
            </div>
          </List.Item>
        )}
      />
    </CenterLayout>
  );
}
