// /classes/detail/{id} (spec learning §2 "Login required"): a class's cover, dates, teacher and
// seats, my membership with enrol / cancel / quit, the schedule linking to the existing course and
// content pages, its introduction and its members. The back link returns to the list the class was
// opened from (spec shell §3 goback "class"), else /classes. Under the head, the class tools (comments,
// sign-in, statistics, circle, members with assessment, favourite) link to their pages.
import { Result, Skeleton, Button } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useGoback } from '../../../lib/goback';
import { useClassDetail } from '../api/use-classes';
import { ClassHeader } from '../components/class-header';
import { ClassMembers } from '../components/class-members';
import { ClassSchedule } from '../components/class-schedule';
import { ClassTools } from '../components/class-tools';
import { useClassTexts } from '../components/texts';

const positive = (raw: string | undefined) => (raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null);

export default function ClassDetailPage() {
  const t = useClassTexts();
  const { id: rawId } = useParams();
  const id = positive(rawId);
  const info = useClassDetail(id);
  const { target: backTo } = useGoback('class', '/classes');
  const back = <Link to={backTo} data-testid="class-detail-back">‹ {t('back')}</Link>;

  let body;
  if (id === null || (info.error instanceof ApiError && info.error.errorCode === 'CLASSES_NOT_FOUND')) {
    body = <Result status="404" title={t('notFound')} subTitle={t('notFoundHint', { id: rawId ?? '' })} extra={back} />;
  } else if (info.isError) {
    body = <Result status="error" title={t('loadFailed')} subTitle={info.error.message} extra={<Button type="primary" onClick={() => void info.refetch()}>{t('retry')}</Button>} />;
  } else if (info.isPending) {
    body = (
      <div data-testid="class-detail-loading" aria-busy="true" style={{ display: 'flex', gap: 32 }}>
        <Skeleton.Image active style={{ width: 360, height: 200 }} />
        <Skeleton active title paragraph={{ rows: 5 }} style={{ flex: 1 }} />
      </div>
    );
  } else {
    const c = info.data;
    body = (
      <article data-testid="class-detail" data-class-id={c.id}>
        <ClassHeader c={c} />
        <ClassTools classesId={c.id} />
        <ClassSchedule phases={c.phases} />
        {c.summary && (
          <section style={{ marginTop: 32 }}>
            <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{t('summary')}</h2>
            <p style={{ margin: 0, lineHeight: 1.8 }}>{c.summary}</p>
            {c.teacher?.intro && <p style={{ margin: '8px 0 0', lineHeight: 1.8 }}>{t('teacher')}: {c.teacher.intro}</p>}
          </section>
        )}
        <ClassMembers classId={c.id} />
      </article>
    );
  }

  return (
    <div className="class-detail-page" data-testid="class-detail-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ display: 'flex', gap: 12, alignItems: 'baseline', margin: '0 0 16px' }} aria-label={t('detailTitle')}>
        {back}
        <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>/</span>
        <span>{t('detailTitle')}</span>
      </nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>{body}</div>
    </div>
  );
}
