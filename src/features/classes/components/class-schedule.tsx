// The schedule of a class (GET /train/api/classes/detail phases): each phase with its courses and
// contents, each linking to the course or content page that already exists (spec learning §2 jump
// rules: a course opens /course/detail/{id}, a content its detail or the reader by purpose). A
// taken-down item is listed, not linked. Opening one remembers this class as its back target.
import { Empty, Tag } from 'antd';
import { useLocation } from 'react-router';
import type { ClassPhase, PhaseItem } from '../../../api/classes';
import { contentLink } from '../../../components/catalogue-cards';
import { rememberGoback } from '../../../lib/goback';
import { RuntimeLink } from '../../../runtime/link-view';
import { minutes } from './class-format';
import { useClassTexts } from './texts';

const SECONDARY = { color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))', fontSize: 13 } as const;

function ItemRow({ item, from }: { item: PhaseItem; from: string }) {
  const t = useClassTexts();
  const isCourse = item.type === 'course';
  const meta = [isCourse && item.lessonCount > 0 ? t('lessons', { n: item.lessonCount }) : null, item.duration > 0 ? t('minutes', { n: minutes(item.duration) }) : null]
    .filter(Boolean).join(' · ');
  const link = isCourse ? { linkType: 'courseDetail', id: item.targetId } : contentLink({ id: item.targetId, purpose: item.purpose ?? 3 });
  return (
    <li data-testid="class-schedule-item" data-type={item.type} data-target-id={item.targetId} style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '10px 0', borderTop: '1px solid var(--portal-border-secondary, #f0f0f0)' }}>
      <Tag color={isCourse ? 'blue' : 'green'} style={{ marginInlineEnd: 0 }}>{t(isCourse ? 'itemCourse' : 'itemContent')}</Tag>
      <span style={{ flex: 1, minWidth: 0 }} onClickCapture={() => rememberGoback(isCourse ? 'course' : 'content', from)}>
        {item.available
          ? <RuntimeLink link={link} className="class-schedule-link">{item.title}</RuntimeLink>
          : <span style={SECONDARY}>{item.title}</span>}
      </span>
      {!item.available && <Tag>{t('offline')}</Tag>}
      {meta && <span style={SECONDARY}>{meta}</span>}
    </li>
  );
}

/** The phases of a class, in order. */
export function ClassSchedule({ phases }: { phases: ClassPhase[] }) {
  const t = useClassTexts();
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="class-schedule-title" data-testid="class-schedule" style={{ marginTop: 32 }}>
      <h2 id="class-schedule-title" style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{t('schedule')}</h2>
      {phases.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSchedule')} />}
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
        {phases.map((p, i) => (
          <li key={p.id} data-testid="class-phase" style={{ border: '1px solid var(--portal-border-secondary, #f0f0f0)', borderRadius: 8, padding: '12px 16px' }}>
            <h3 style={{ margin: 0, fontSize: 15, fontWeight: 600 }}>{t('phase', { n: i + 1 })} · {p.title}</h3>
            {p.summary && <p style={{ ...SECONDARY, margin: '4px 0 8px' }}>{p.summary}</p>}
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {p.items.map((item) => <ItemRow key={item.id} item={item} from={pathname + search} />)}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
