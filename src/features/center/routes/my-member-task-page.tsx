// /user/center/study/myMemberTask (spec learning §2 "Personal center": to-do tasks; issue 19 part A):
// the tasks assigned to me, directly or through a team, nearest deadline first; overdue ones marked;
// each with my state and progress and a link to the task's page. 待完成 by default, or 已完成 / 全部.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { List, Progress, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMemberTasks, taskPath, useTaskKeys, type MemberTaskItem } from '../../../api/tasks';
import { CenterLayout } from '../components/center-layout';
import { useCenterTaskTexts } from '../components/task-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

type Filter = 'todo' | 'finished' | 'all';
const WINDOW_COLOR = { open: 'green', upcoming: 'blue', closed: 'default' } as const;

export default function MyMemberTaskPage() {
  const t = useCenterTaskTexts();
  const { t: i18n } = useTranslation();
  const keys = useTaskKeys();
  const { page, onPage } = usePaging();
  const [state, setState] = useState<Filter>('todo');
  const query = useQuery({
    queryKey: keys.member(state, page.pageNo, page.pageSize),
    queryFn: ({ signal }) => getMemberTasks({ ...page, state }, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false, refetchOnMount: 'always',
  });
  return (
    <CenterLayout title={i18n('route.myMemberTask')} testId="my-member-task">
      <Segmented
        aria-label={t('filter')} style={{ marginBottom: 16 }} value={state} data-testid="my-member-task-filter"
        onChange={(v) => { setState(v as Filter); onPage(1, page.pageSize); }}
        options={(['todo', 'finished', 'all'] as const).map((s) => ({ value: s, label: t(s) }))}
      />
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-member-task-list" rowKey={(x: MemberTaskItem) => x.id}
        empty={{ text: `${state === 'finished' ? t('noFinished') : t('noTodo')}. ${t('noTodoHint')}`, linkText: t('findTasks'), to: '/taskList' }}
        renderRow={(x: MemberTaskItem) => {
          const mine = x.mine;
          const finished = mine?.state === 'finished';
          return (
            <List.Item data-testid="my-member-task-item" data-id={x.id} data-overdue={x.overdue ? 'true' : 'false'}>
              <div className="portal-study__body">
                <Link to={taskPath(x.id)} className="portal-study__title">{x.title}</Link>{' '}
                <Tag color={WINDOW_COLOR[x.windowState]}>{t(x.windowState)}</Tag>
                {x.overdue ? <Tag color="red" data-testid="my-member-task-overdue">{t('overdue')}</Tag> : null}
                <Tag color={finished ? 'success' : mine ? 'processing' : 'default'}>{mine ? t(finished ? 'done' : mine.state) : t('notJoined')}</Tag>
                {mine ? <Progress percent={mine.progress.percentage} size="small" aria-label={`${x.title} ${mine.progress.percentage}%`} status={finished ? 'success' : 'normal'} /> : null}
                <div className="portal-study__meta">
                  {[
                    x.windowState === 'upcoming' ? t('startsAt', { time: shortTime(x.startTime) }) : '',
                    x.endTime ? t('deadline', { time: shortTime(x.endTime) }) : t('noDeadline'),
                    x.via === 'team' ? t('viaTeam', { name: x.teamName ?? '' }) : t('viaDirect'),
                  ].filter(Boolean).join(' · ')}
                </div>
                <div className="portal-study__meta">
                  <Link to={taskPath(x.id)}>{finished || x.windowState !== 'open' ? t('view') : t('open_')}</Link>
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </CenterLayout>
  );
}
