// /user/center/study/myKnowledge/{type} (spec learning §2 "Personal center"): the contents I
// studied of one purpose, type 1 micro-lessons and type 2 knowledge, newest study first, each with
// my progress and a link to its detail (/knowledge/detail/{id} with its purpose, as the lists do).
import { Result, Tabs } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useMyContents } from '../api/my-study';
import { CenterLayout } from '../components/center-layout';
import { StudiedContentRow, StudyList, usePaging } from '../components/study-list';
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
      renderRow={(c) => <StudiedContentRow item={c} to={`/knowledge/detail/${c.id}?purpose=${c.purpose}`} testId="my-knowledge-item" />}
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
