// /teacherList (spec learning §2 "Teachers"; issue 19 part G): every teacher of the tenant as a card
// (avatar, name, title, rating, courses and classes), searched by name, sorted by contribution,
// rating or name, paged; words, order and page live in the address. Cards open the teacher's page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Pagination, Segmented } from 'antd';
import { Link } from 'react-router';
import { searchTeachers, teacherDetailPath, type TeacherCard } from '../../../api/teachers';
import { safeImageSrc } from '../../../components/widget-parts';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { PageError, PageFrame, Stars } from '../components/parts';
import { useTeachersTexts, type TeachersTexts } from '../components/texts';
import '../components/teachers.css';

const SORTS = ['score', 'rating', 'name'] as const;
type Sort = (typeof SORTS)[number];
const PAGE_SIZES = [12, 24, 48];

function TeacherCardView({ teacher, t }: { teacher: TeacherCard; t: TeachersTexts }) {
  const src = safeImageSrc(teacher.avatar);
  return (
    <li data-testid="teacher-card" data-id={teacher.id}>
      <Link to={teacherDetailPath(teacher.id)} className="portal-teachers__card">
        {src ? <img src={src} alt="" className="portal-teachers__avatar" loading="lazy" /> : <span className="portal-teachers__avatar" aria-hidden="true" />}
        <strong className="portal-teachers__name">{teacher.name}</strong>
        {teacher.title ? <span className="portal-teachers__meta">{teacher.title}</span> : null}
        <span className="portal-teachers__meta" data-testid="teacher-card-rating">
          {teacher.ratingAvg === null ? t('noRating') : (
            <><Stars value={teacher.ratingAvg} label={t('starsLabel', { avg: teacher.ratingAvg })} /> {t('ratingValue', { avg: teacher.ratingAvg, n: teacher.ratingCount })}</>
          )}
        </span>
        <span className="portal-teachers__meta">{t('courses', { n: teacher.courseCount })} · {t('classes', { n: teacher.classCount })}</span>
      </Link>
    </li>
  );
}

export default function TeacherListPage() {
  const t = useTeachersTexts();
  const { params, update } = useQueryState();
  const tenantId = useAppStore((s) => s.tenantId);
  const words = params.get('searchValue') ?? '';
  const sortParam = params.get('sort');
  const sort: Sort = SORTS.includes(sortParam as Sort) ? (sortParam as Sort) : 'score';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : PAGE_SIZES[0]!;
  const query = useQuery({
    queryKey: ['teachers', tenantId, 'search', words, sort, pageNo, pageSize] as const,
    queryFn: ({ signal }) => searchTeachers({ pageNo, pageSize, searchValue: words || undefined, sort }, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
  const sortLabel = { score: t('sortScore'), rating: t('sortRating'), name: t('sortName') };
  return (
    <PageFrame title={t('teachers')} intro={t('teachersIntro')} testId="teacher-list">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Input.Search
          key={words} defaultValue={words} allowClear placeholder={t('searchTeachers')} aria-label={t('searchTeachers')} enterButton={t('search')}
          style={{ maxWidth: 360 }} onSearch={(value) => update({ searchValue: value.trim() })} data-testid="teacher-search"
        />
        <Segmented
          aria-label={t('sortBy')} value={sort} onChange={(v) => update({ sort: v === 'score' ? undefined : String(v) })}
          options={SORTS.map((s) => ({ value: s, label: sortLabel[s] }))} data-testid="teacher-sort"
        />
      </div>
      {query.isPending ? <ul className="portal-teachers__grid" aria-busy="true">{Array.from({ length: 8 }, (_, i) => <li key={i} className="portal-teachers__card portal-teachers__card--ghost" />)}</ul>
        : query.isError ? <PageError error={query.error} onRetry={() => void query.refetch()} back={{ to: '/home', text: t('backToList') }} t={t} />
          : query.data.list.length === 0 ? <Empty description={<span>{t('noTeachers')}<br />{t('noTeachersHint')}</span>} />
            : (
              <>
                <ul className="portal-teachers__grid" aria-label={t('teachers')}>
                  {query.data.list.map((teacher) => <TeacherCardView key={teacher.id} teacher={teacher} t={t} />)}
                </ul>
                <Pagination
                  style={{ marginTop: 24, textAlign: 'center' }} align="center" current={pageNo} pageSize={pageSize} total={query.data.total}
                  pageSizeOptions={PAGE_SIZES} showSizeChanger={query.data.total > PAGE_SIZES[0]!} hideOnSinglePage={query.data.total <= PAGE_SIZES[0]!}
                  onChange={(p, size) => update(size !== pageSize ? { pageSize: size } : { pageNo: p })}
                />
              </>
            )}
    </PageFrame>
  );
}
