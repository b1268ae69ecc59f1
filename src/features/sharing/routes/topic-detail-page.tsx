// /topic/detail/{id} (spec learning §2 "Details"; issue 19 part H): a topic page, a curated
// collection: banner with title and subtitle, the introduction, then its sections of courses,
// contents, exams and classes, each card opening its detail page. GET /cm/api/topic/detail (ours).
import { Card, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router';
import { useTopic, type TopicItem } from '../../../api/sharing';
import { usePageTitle } from '../../../components/use-page-title';
import { RichText } from '../../../runtime/rich-text-view';
import { pageState, positiveId } from '../components/page-states';
import { useSharingTexts } from '../components/texts';

const KIND_TEXT = { course: 'kindCourse', content: 'kindContent', exam: 'kindExam', classes: 'kindClasses' } as const;

function ItemCard({ item }: { item: TopicItem }) {
  const t = useSharingTexts();
  return (
    <li style={{ listStyle: 'none' }} data-testid="topic-item" data-kind={item.kind}>
      <Link to={item.path} style={{ display: 'block', height: '100%', color: 'inherit', textDecoration: 'none' }}>
        <Card
          hoverable style={{ height: '100%' }}
          cover={item.cover ? <img src={item.cover} alt="" style={{ height: 140, objectFit: 'cover' }} /> : undefined}
        >
          <Tag color="blue">{t(KIND_TEXT[item.kind])}</Tag>
          <h3 style={{ margin: '8px 0 4px', fontSize: 16, lineHeight: 1.5 }}>{item.title}</h3>
          {item.summary ? (
            <p style={{ margin: 0, color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {item.summary}
            </p>
          ) : null}
        </Card>
      </Link>
    </li>
  );
}

export default function TopicDetailPage() {
  const t = useSharingTexts();
  const { id: rawId } = useParams();
  const id = positiveId(rawId);
  const topic = useTopic(id);
  usePageTitle(topic.data?.title);
  const state = pageState(topic, id, { code: 'TOPIC_NOT_FOUND', title: t('topicNotFound'), hint: t('topicNotFoundHint', { id: rawId ?? '' }) }, 'topic');
  if (state || !topic.data) return <div className="topic-detail-page" style={{ padding: '24px 0 48px' }}>{state}</div>;
  const d = topic.data;
  return (
    <div className="topic-detail-page" data-testid="topic-detail" style={{ padding: '24px 0 48px' }}>
      <header
        style={{
          borderRadius: 8, padding: '48px 40px', color: '#fff', marginBottom: 24,
          background: d.banner
            ? `linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0.55)), url("${encodeURI(d.banner)}") center / cover`
            : 'linear-gradient(135deg, #1d39c4, #531dab)',
        }}
      >
        <h1 style={{ margin: 0, fontSize: 32, color: '#fff' }}>{d.title}</h1>
        {d.subtitle ? <p style={{ margin: '12px 0 0', fontSize: 16 }}>{d.subtitle}</p> : null}
        <p style={{ margin: '12px 0 0', fontSize: 14 }}>{[dayjs(d.publishTime).format('YYYY-MM-DD'), t('views', { n: d.viewCount })].join(' · ')}</p>
      </header>
      {d.intro ? (
        <RichText html={d.intro} as="section" label={d.title} style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '20px 24px', marginBottom: 24, lineHeight: 1.8 }} />
      ) : null}
      {d.sections.length === 0 ? <p data-testid="topic-empty">{t('topicEmpty')}</p> : null}
      {d.sections.map((s) => (
        <section key={s.id} aria-labelledby={`topic-section-${s.id}`} style={{ marginBottom: 32 }} data-testid="topic-section">
          <h2 id={`topic-section-${s.id}`} style={{ fontSize: 20, margin: '0 0 12px' }}>{s.title}</h2>
          <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 16, margin: 0, padding: 0 }}>
            {s.items.map((item) => <ItemCard key={`${item.kind}:${item.id}`} item={item} />)}
          </ul>
        </section>
      ))}
    </div>
  );
}
