// /classes/memberList?id= (spec learning §2 "Classes"): the members of one class, names masked, with
// a link back to the class. The same list the detail page shows, on a page of its own, followed by
// member assessment: the teacher assesses members here, a member reads their own (issue 17).
import { Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ClassMembers } from '../components/class-members';
import { MemberAssessment } from '../components/member-assess';
import { useClassTexts } from '../components/texts';

export default function ClassMemberListPage() {
  const t = useClassTexts();
  const [search] = useSearchParams();
  const raw = search.get('id') ?? '';
  const id = /^\d+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
  return (
    <div className="class-member-list-page" data-testid="class-member-list-page" style={{ padding: '24px 0 48px' }}>
      <nav style={{ margin: '0 0 16px' }}>
        <Link to={id === null ? '/classes' : `/classes/detail/${id}`}>‹ {t(id === null ? 'back' : 'detailTitle')}</Link>
      </nav>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '8px 32px 24px' }}>
        {id === null
          ? <Result status="404" title={t('notFound')} subTitle={t('notFoundHint', { id: raw })} />
          : <><ClassMembers classId={id} /><MemberAssessment classesId={id} /></>}
      </div>
    </div>
  );
}
