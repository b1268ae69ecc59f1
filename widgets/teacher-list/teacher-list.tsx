import { Link } from 'react-router';
import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { Paged } from '../../src/api/client';
import type { TeacherRankItem } from '../../src/api/community';
import { WidgetSection } from '../../src/components/card-grid';
import { dataStateView, PLACEHOLDER_FILL, RowsSkeleton, safeImageSrc, scaled, SECONDARY_TEXT } from '../../src/components/widget-parts';
import { headingOf, widgetTexts, widgetText } from '../../src/components/widget-texts';
import type { TeacherListProps } from '../../schemas/widgets/teacher-list';

// spec learning §2: /teacherList/teacherDetail, with the teacher in the query (a fixed route).
const teacherPath = (id: number) => `/teacherList/teacherDetail?id=${encodeURIComponent(String(id))}`;

function Avatar({ teacher }: { teacher: TeacherRankItem }) {
  const src = safeImageSrc(teacher.avatar);
  const style = { width: 72, height: 72, borderRadius: '50%', objectFit: 'cover' as const, display: 'block', background: PLACEHOLDER_FILL };
  return src ? <img src={src} alt={teacher.name} loading="lazy" decoding="async" style={style} /> : <div role="img" aria-label={teacher.name} style={style} />;
}

export default function TeacherList({ props, ctx, data }: WidgetProps<TeacherListProps, Paged<TeacherRankItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  const state = dataStateView(data, locale, <RowsSkeleton rows={Math.min(props.count, 4)} avatar locale={locale} />, (page) => page.list.length > 0);
  return (
    <WidgetSection title={headingOf(locale, props.title, 'teacher-list')} more={props.more} locale={locale}>
      {state ?? (
        <ul className="w-teacher-list" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: `repeat(${props.columns}, minmax(0, 1fr))`, gap: 16 }}>
          {(data.data?.list ?? []).slice(0, props.count).map((teacher) => (
            <li key={teacher.id} data-teacher-id={teacher.id}>
              <Link
                to={teacherPath(teacher.id)}
                style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, padding: 16, borderRadius: 8, background: 'var(--portal-fill, #fafafa)', color: 'inherit', textDecoration: 'none', textAlign: 'center' }}
              >
                <Avatar teacher={teacher} />
                <strong style={{ fontSize: scaled(16) }}>{teacher.name}</strong>
                {teacher.title && <span style={{ fontSize: scaled(13), color: SECONDARY_TEXT }}>{teacher.title}</span>}
                <span style={{ fontSize: scaled(12), color: SECONDARY_TEXT }}>{widgetText(locale, 'courses', { n: teacher.courseCount })}</span>
                {props.showIntro && teacher.intro && (
                  <p style={{ margin: 0, fontSize: scaled(12), color: SECONDARY_TEXT, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{teacher.intro}</p>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </WidgetSection>
  );
}
