// /user/center/study/myTask (spec learning §2 "Personal center" study; issue 19 part A): the tasks I
// joined, unfinished first, with a progress bar each (contents done of what the rule needs), the
// window, points earned, and a link to the task's page; filtered by 进行中 / 已完成 / 全部.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { List, Progress, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMyTasks, taskPath, useTaskKeys, type MyTaskItem } from '../../../api/tasks';
import { CenterLayout } from '../components/center-layout';
import { useCenterTaskTexts } from '../components/task-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

type Filter = 'doing' | 'finished' | 'all';

export default function MyTaskPage() {
  const t = useCenterTaskTexts();
  const { t: i18n } = useTranslation();
  const keys = useTaskKeys();
  const { page, onPage } = usePaging();
  const [state, setState] = useState<Filter>('doing');
  const query = useQuery({
    queryKey: keys.mine(state, page.pageNo, page.pageSize),
    queryFn: ({ signal }) => getMyTasks({ ...page, state }, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false, refetchOnMount: 'always',
  });
  return (
    <CenterLayout title={i18n('route.myTask')} testId="my-task">
      <Segmented
        aria-label={t('filter')} style={{ marginBottom: 16 }} value={state} data-testid="my-task-filter"
        onChange={(v) => { setState(v as Filter); onPage(1, page.pageSize); }}
        options={(['doing', 'finished', 'all'] as const).map((s) => ({ value: s, label: t(s) }))}
      />
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-task-list" rowKey={(x: MyTaskItem) => x.id}
        empty={{ text: `${state === 'finished' ? t('noFinished') : t('noTasks')}. ${t('noTasksHint')}`, linkText: t('findTasks'), to: '/taskList' }}
        renderRow={(x: MyTaskItem) => {
          const finished = x.mine.state === 'finished';
          return (
            <List.Item data-testid="my-task-item" data-id={x.id} data-state={x.mine.state}>
              <div className="portal-study__body">
                <Link to={taskPath(x.id)} className="portal-study__title">{x.title}</Link>{' '}
                <Tag color={finished ? 'success' : x.mine.state === 'started' ? 'processing' : 'default'}>{t(finished ? 'done' : x.mine.state)}</Tag>
                {!finished && x.windowState !== 'open' ? <Tag>{t(x.windowState)}</Tag> : null}
                <Progress percent={x.mine.progress.percentage} size="small" aria-label={`${x.title} ${x.mine.progress.percentage}%`} status={finished ? 'success' : 'normal'} />
                <div className="portal-study__meta">
                  {[
                    t('progress', { done: x.mine.progress.needDone, need: x.mine.progress.needCount }),
                    finished ? t('finishedAt', { time: shortTime(x.mine.finishedAt!) }) : t('joinedAt', { time: shortTime(x.mine.joinedAt) }),
                    x.endTime ? t('deadline', { time: shortTime(x.endTime) }) : t('noDeadline'),
                    x.mine.pointsAwarded > 0 ? t('points', { n: x.mine.pointsAwarded }) : '',
                  ].filter(Boolean).join(' · ')}
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </CenterLayout>
  );
}
