// /teacherList/teacherDetail?id= (spec learning §2 "Teachers"; issue 19 part G): a teacher's profile,
// the courses and classes they teach, the learners' rating (average, count, stars by level) and
// reviews; a signed-in learner rates 1–5 with an optional comment (≤ 500), once, editable.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Pagination, Radio, Tag } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  getTeacher, getTeacherRatings, RATING_COMMENT_MAX, rateTeacher, teacherContributionPath, type TeacherDetail,
} from '../../../api/teachers';
import { showMessage } from '../../../components/feedback/feedback';
import { safeImageSrc } from '../../../components/widget-parts';
import { loginPath } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { BadLink, dateOnly, dateTime, idParam, PageError, PageFrame, PageLoading, Stars } from '../components/parts';
import { useTeachersTexts, type TeachersTexts } from '../components/texts';
import '../components/teachers.css';

const BACK = '/teacherList';
const STAR_KEYS = ['star1', 'star2', 'star3', 'star4', 'star5'] as const;

export default function TeacherDetailPage() {
  const t = useTeachersTexts();
  const [params] = useSearchParams();
  const id = idParam(params);
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const queryKey = ['teachers', tenantId, userId, 'detail', id] as const;
  const query = useQuery({
    queryKey, queryFn: ({ signal }) => getTeacher(id!, { silent: true, signal }), enabled: id !== undefined, retry: false,
  });
  const back = { to: BACK, text: t('backToList') };
  if (id === undefined) return <BadLink back={back} t={t} />;
  if (query.isPending) return <PageLoading testId="teacher-detail-loading" />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} back={back} t={t} />;
  const d = query.data;
  const src = safeImageSrc(d.avatar);
  return (
    <PageFrame title={d.name} testId="teacher-detail" extra={<Link to={teacherContributionPath(d.id)}>{t('viewContribution')}</Link>}>
      <div className="portal-teachers__layout">
        <div>
          <Card style={{ marginBottom: 16 }}>
            <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
              {src ? <img src={src} alt="" className="portal-teachers__avatar" /> : <span className="portal-teachers__avatar" aria-hidden="true" />}
              <div>
                {d.title ? <Tag>{d.title}</Tag> : null}
                <span className="portal-teachers__meta">{t('contribution', { n: d.score })} · {t('courses', { n: d.courseCount })} · {t('classes', { n: d.classCount })}</span>
                <h2 style={{ fontSize: 16, margin: '12px 0 4px' }}>{t('profile')}</h2>
                <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{d.intro || t('noIntro')}</p>
              </div>
            </div>
          </Card>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teachingCourses')}</h2>} style={{ marginBottom: 16 }}>
            {d.courses.length === 0 ? <p style={{ margin: 0 }}>{t('noCourses')}</p> : (
              <ul className="portal-teachers__rows" data-testid="teacher-courses">
                {d.courses.map((c) => (
                  <li key={c.id}><Link to={`/course/detail/${c.id}`}>{c.title}</Link><div className="portal-teachers__sub">{t('learnersCount', { n: c.studyCount })} · {dateOnly(c.publishTime)}</div></li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teachingClasses')}</h2>} style={{ marginBottom: 16 }}>
            {d.classes.length === 0 ? <p style={{ margin: 0 }}>{t('noClasses')}</p> : (
              <ul className="portal-teachers__rows" data-testid="teacher-classes">
                {d.classes.map((c) => (
                  <li key={c.id}><Link to={`/classes/detail/${c.id}`}>{c.title}</Link><div className="portal-teachers__sub">{dateOnly(c.startTime)} – {dateOnly(c.endTime)} · {t('enrolled', { n: c.enrolCount })}</div></li>
                ))}
              </ul>
            )}
          </Card>
          <Reviews teacherId={d.id} t={t} />
        </div>
        <div>
          <RatingSummary detail={d} t={t} />
          <RateForm detail={d} queryKey={queryKey} t={t} />
        </div>
      </div>
    </PageFrame>
  );
}

/** The average, the count and how many gave each number of stars. */
function RatingSummary({ detail, t }: { detail: TeacherDetail; t: TeachersTexts }) {
  const max = Math.max(1, ...detail.distribution);
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('rating')}</h2>} style={{ marginBottom: 16 }} data-testid="teacher-rating">
      {detail.ratingAvg === null ? <p style={{ margin: 0 }}>{t('noRating')}</p> : (
        <>
          <div style={{ display: 'flex', alignItems: 'baseline', gap: 8, marginBottom: 8 }}>
            <strong style={{ fontSize: 32 }} data-testid="rating-average">{detail.ratingAvg.toFixed(1)}</strong>
            <Stars value={detail.ratingAvg} label={t('starsLabel', { avg: detail.ratingAvg })} />
            <span data-testid="rating-count">{t('ratingCount', { n: detail.ratingCount })}</span>
          </div>
          <div className="portal-teachers__bars">
            {[5, 4, 3, 2, 1].map((star) => {
              const n = detail.distribution[star - 1] ?? 0;
              return [
                <span key={`l${star}`}>{t('starsShort', { n: star })}</span>,
                <span key={`b${star}`} className="portal-teachers__bar" role="img" aria-label={t('distribution', { star, n })}><span style={{ width: `${(n / max) * 100}%` }} /></span>,
                <span key={`n${star}`}>{n}</span>,
              ];
            })}
          </div>
        </>
      )}
    </Card>
  );
}

/** My rating: the form for a signed-in learner, a sign-in link for a guest, a note for the teacher. */
function RateForm({ detail, queryKey, t }: { detail: TeacherDetail; queryKey: readonly unknown[]; t: TeachersTexts }) {
  const location = useLocation();
  const client = useQueryClient();
  const signedIn = useUserStore(selectUserId) !== null;
  const [score, setScore] = useState<number | undefined>(detail.myRating?.score);
  const [comment, setComment] = useState(detail.myRating?.comment ?? '');
  const rate = useMutation({
    mutationFn: () => rateTeacher(detail.id, score!, comment),
    onSuccess: (result) => {
      const had = detail.myRating !== null;
      client.setQueryData(queryKey, (old: TeacherDetail | undefined) => old && { ...old, ...result });
      void client.invalidateQueries({ queryKey: ['teachers', (queryKey as unknown[])[1], 'ratings', detail.id] });
      void client.invalidateQueries({ queryKey: ['teachers', (queryKey as unknown[])[1], 'search'] });
      showMessage('success', had ? t('ratingUpdated') : t('rated'));
    },
  });
  const title = <h2 style={{ fontSize: 16, margin: 0 }}>{detail.myRating ? t('myRating') : t('rateTitle')}</h2>;
  if (!signedIn) {
    return <Card title={title}><p>{t('signInToRate')}</p><Link to={loginPath(`${location.pathname}${location.search}`)}>{t('signIn')}</Link></Card>;
  }
  if (!detail.canRate) return <Card title={title}><Alert type="info" title={t('selfRating')} /></Card>;
  return (
    <Card title={title} data-testid="rate-form">
      <form
        aria-label={t('rateTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          if (score === undefined) showMessage('warning', t('pickStars'));
          else rate.mutate();
        }}
      >
        <p style={{ marginTop: 0 }}>{t('rateHint')}</p>
        <Radio.Group
          aria-label={t('rateTitle')} value={score} onChange={(e) => setScore(Number(e.target.value))}
          style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 12 }} data-testid="rate-stars"
          options={STAR_KEYS.map((key, i) => ({ value: i + 1, label: <span><span aria-hidden="true">{'★'.repeat(i + 1)} </span>{t(key)}</span> }))}
        />
        <label htmlFor="teacher-rate-comment" style={{ display: 'block', marginBottom: 4 }}>{t('comment')}</label>
        <Input.TextArea
          id="teacher-rate-comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={RATING_COMMENT_MAX} showCount
          autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('commentPlaceholder')} data-testid="rate-comment"
        />
        <Button type="primary" htmlType="submit" loading={rate.isPending} style={{ marginTop: 16 }} data-testid="rate-submit">
          {detail.myRating ? t('updateRating') : t('submitRating')}
        </Button>
      </form>
    </Card>
  );
}

/** The learners' reviews, newest edit first, paged. */
function Reviews({ teacherId, t }: { teacherId: number; t: TeachersTexts }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const [pageNo, setPageNo] = useState(1);
  const pageSize = 10;
  const query = useQuery({
    queryKey: ['teachers', tenantId, 'ratings', teacherId, userId, pageNo] as const,
    queryFn: ({ signal }) => getTeacherRatings(teacherId, pageNo, pageSize, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('reviews')}</h2>} data-testid="teacher-reviews">
      {query.isPending ? <p>…</p> : query.isError ? (
        <Alert type="error" title={t('loadFailed')} description={query.error.message} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />
      ) : query.data.list.length === 0 ? <Empty description={t('noReviews')} /> : (
        <>
          <ul className="portal-teachers__rows">
            {query.data.list.map((r) => (
              <li key={r.userId} data-testid="teacher-review">
                <strong>{r.userName}</strong> {r.mine ? <Tag color="blue">{t('mine')}</Tag> : null}{' '}
                <Stars value={r.score} label={t('starsShort', { n: r.score })} />
                <div style={{ margin: '4px 0', whiteSpace: 'pre-wrap' }}>{r.comment ?? t('noComment')}</div>
                <div className="portal-teachers__sub">{r.updatedAt !== r.createdAt ? t('edited', { time: dateTime(r.updatedAt) }) : dateTime(r.createdAt)}</div>
              </li>
            ))}
          </ul>
          <Pagination style={{ marginTop: 16 }} align="center" current={pageNo} pageSize={pageSize} total={query.data.total} hideOnSinglePage onChange={setPageNo} />
        </>
      )}
    </Card>
  );
}
