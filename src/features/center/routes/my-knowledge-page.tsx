// /user/center/study/myKnowledge/{type} (spec learning §2 "Personal center"): the contents I
// studied of one purpose, type 1 micro-lessons and type 2 knowledge, newest study first, each with
// my progress and a link to its detail (/knowledge/detail/{id} with its purpose, as the lists do).
import { List, Progress, Result, Tabs, Tag } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useMyContents } from '../api/my-study';
import { CenterLayout } from '../components/center-layout';
import { shortTime, StudyCover, StudyList, usePaging } from '../components/study-list';
import { useStudyTexts, type StudyText } from '../components/study-texts';

/** The route's types: content purpose, title, and the empty state's way to find some. */
const TYPES: Record<string, { purpose: number; title: StudyText; empty: StudyText; find: StudyText; to: string }> = {
  1: { purpose: 1, title: 'myMicro', empty: 'noMicro', find: 'findMicro', to: '/content' },
  2: { purpose: 2, title: 'myKnowledge', empty: 'noKnowledge', find: 'findKnowledge', to: '/knowledge' },
};

/** The list of one type; keyed by the type, so switching tabs starts at page 1. */
function StudiedContents({ type }: { type: (typeof TYPES)[string] }) {
  const t = useStudyTexts();
  const { page, onPage } = usePaging();
  const query = useMyContents(type.purpose, page);
  return (
    <StudyList
      query={query} page={page} onPage={onPage} testId="my-knowledge-list"
      empty={{ text: t(type.empty), linkText: t(type.find), to: type.to }}
      rowKey={(c) => c.id}
      renderRow={(c) => {
        const to = `/knowledge/detail/${c.id}?purpose=${c.purpose}`;
        return (
          <List.Item data-testid="my-knowledge-item" data-id={c.id}>
            <div className="portal-study__row">
              <StudyCover to={to} cover={c.cover} />
              <div className="portal-study__body">
                <Link to={to} className="portal-study__title">{c.title}</Link>{' '}
                {c.state === 2 ? <Tag color="success">{t('finished')}</Tag> : <Tag color="processing">{t('inProgress')}</Tag>}
                <div className="portal-study__meta">{[c.author, t('lastStudy', { time: shortTime(c.lastStudyTime) })].filter(Boolean).join(' · ')}</div>
                <Progress percent={c.percentage} size="small" status={c.state === 2 ? 'success' : 'normal'} aria-label={t('progressOf', { title: c.title })} />
              </div>
            </div>
          </List.Item>
        );
      }}
    />
  );
}

export default function MyKnowledgePage() {
  const t = useStudyTexts();
  const { type = '' } = useParams();
  const navigate = useNavigate();
  const current = TYPES[type];
  return (
    <CenterLayout title={t(current?.title ?? 'myKnowledge')} testId="my-knowledge">
      <Tabs
        activeKey={current ? type : undefined}
        items={Object.entries(TYPES).map(([key, value]) => ({ key, label: t(value.title) }))}
        onChange={(key) => void navigate(`/user/center/study/myKnowledge/${key}`)}
      />
      {current ? <StudiedContents key={type} type={current} /> : <Result status="404" subTitle={t('unknownType')} />}
    </CenterLayout>
  );
}
