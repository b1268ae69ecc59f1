// /user/center/work/myToDoList (spec learning §2 "Personal center" work: myToDoList; issue 18 "everything
// waiting for this teacher, with counts in the center menu"): one group per kind the user's grants
// serve, with its count and first items, each linking to the page that handles it.
import { Badge, Card, Empty, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useWorkRoles, useWorkTodo, type TodoGroup } from '../../../api/work';
import { CenterLayout } from '../components/center-layout';
import { QueryState, WorkGate } from './work-gate';
import { useWorkTexts } from './work-texts';
import './work.css';

const time = (iso: string) => dayjs(iso).format('MM-DD HH:mm');

function Group({ group }: { group: TodoGroup }) {
  const t = useWorkTexts();
  const title = t(`kind_${group.kind}`);
  return (
    <Card
      size="small" data-testid={`todo-group-${group.kind}`} data-count={group.count}
      title={<span className="portal-work__group-title"><span>{title}</span><Badge count={group.count} showZero color={group.count ? '#cf1322' : '#595959'} /></span>}
      extra={<Link to={group.link}>{t('openAll')}</Link>}
    >
      {group.items.length === 0 ? (
        <Typography.Text type="secondary">{t('groupEmpty')}</Typography.Text>
      ) : (
        <List
          size="small" dataSource={group.items} rowKey={(i) => `${group.kind}-${i.id}`}
          renderItem={(i) => (
            <List.Item data-testid="todo-item">
              <Link to={i.link}>{i.title}</Link>
              <span className="portal-work__meta">
                {[
                  group.kind === 'marking' && i.who === null ? t('blind') : i.who,
                  i.count !== null ? t('candidates', { n: i.count }) : null,
                  group.kind === 'live' ? t('startsAt', { time: time(i.at) }) : group.kind === 'invigilate' ? null : t('submittedAt', { time: time(i.at) }),
                ].filter(Boolean).join(' · ')}
              </span>
            </List.Item>
          )}
        />
      )}
      {group.count > group.items.length && (
        <Link to={group.link} className="portal-work__more">{t('more', { n: group.count - group.items.length })}</Link>
      )}
    </Card>
  );
}

export default function WorkTodoPage() {
  const t = useWorkTexts();
  const roles = useWorkRoles();
  const query = useWorkTodo(roles.any);
  return (
    <CenterLayout title={t('myToDoList')} testId="work-todo">
      <WorkGate role="any">
        <QueryState query={query} testId="work-todo">
          {(todo) => (
            <>
              <p className="portal-work__intro">{todo.total === 0 ? t('allDone') : t('todoIntro')}</p>
              {todo.total === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('allDone')} />}
              <div className="portal-work__groups">
                {todo.groups.map((g) => <Group key={g.kind} group={g} />)}
              </div>
            </>
          )}
        </QueryState>
      </WorkGate>
    </CenterLayout>
  );
}
