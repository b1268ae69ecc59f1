// /teacherList/teacherContribution?id= (spec learning §2 "Teachers"; issue 19 part G): what a teacher
// made (courses, contents, classes) and the learners they taught: totals, the last 12 months as a
// table, and the lists.
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { getTeacherContribution, teacherDetailPath, type TeacherContribution } from '../../../api/teachers';
import { useAppStore } from '../../../stores/app-store';
import { BadLink, dateOnly, idParam, PageError, PageFrame, PageLoading } from '../components/parts';
import { useTeachersTexts, type TeachersTexts } from '../components/texts';
import '../components/teachers.css';

const KINDS = new Set(['video', 'audio', 'pdf', 'article', 'link']);

export default function TeacherContributionPage() {
  const t = useTeachersTexts();
  const [params] = useSearchParams();
  const id = idParam(params);
  const tenantId = useAppStore((s) => s.tenantId);
  const query = useQuery({
    queryKey: ['teachers', tenantId, 'contribution', id] as const,
    queryFn: ({ signal }) => getTeacherContribution(id!, { silent: true, signal }), enabled: id !== undefined, retry: false,
  });
  const back = { to: '/teacherList', text: t('backToList') };
  if (id === undefined) return <BadLink back={back} t={t} />;
  if (query.isPending) return <PageLoading testId="teacher-contribution-loading" />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} back={back} t={t} />;
  const c = query.data;
  return (
    <PageFrame title={t('contributionTitle', { name: c.teacher.name })} testId="teacher-contribution" extra={<Link to={teacherDetailPath(c.teacher.id)}>{t('backToTeacher')}</Link>}>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('totals')}</h2>} style={{ marginBottom: 16 }}>
        <Row gutter={16} data-testid="contribution-totals">
          {([['totalCourses', c.totals.courses], ['totalContents', c.totals.contents], ['totalClasses', c.totals.classes], ['totalLearners', c.totals.learners]] as const).map(([key, value]) => (
            <Col key={key} xs={12} sm={6}><Statistic title={t(key)} value={value} /></Col>
          ))}
        </Row>
      </Card>
      <Months c={c} t={t} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teachingCourses')}</h2>} style={{ marginBottom: 16 }}>
            {c.courses.length === 0 ? <p style={{ margin: 0 }}>{t('noCourses')}</p> : (
              <ul className="portal-teachers__rows">{c.courses.map((x) => <li key={x.id}><Link to={`/course/detail/${x.id}`}>{x.title}</Link><div className="portal-teachers__sub">{dateOnly(x.publishTime)} · {t('learnersCount', { n: x.studyCount })}</div></li>)}</ul>
            )}
          </Card>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teachingClasses')}</h2>} style={{ marginBottom: 16 }}>
            {c.classes.length === 0 ? <p style={{ margin: 0 }}>{t('noClasses')}</p> : (
              <ul className="portal-teachers__rows">{c.classes.map((x) => <li key={x.id}><Link to={`/classes/detail/${x.id}`}>{x.title}</Link><div className="portal-teachers__sub">{dateOnly(x.startTime)} – {dateOnly(x.endTime)} · {t('enrolled', { n: x.enrolCount })}</div></li>)}</ul>
            )}
          </Card>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('contents')}</h2>} style={{ marginBottom: 16 }}>
            {c.contents.length === 0 ? <p style={{ margin: 0 }}>{t('noContents')}</p> : (
              <ul className="portal-teachers__rows">
                {c.contents.map((x) => (
                  <li key={x.id}>
                    <Link to={`/sub_cm/content/detail?id=${x.id}`}>{x.title}</Link>{' '}
                    {KINDS.has(x.kind) ? <Tag>{t(`kind_${x.kind as 'video'}`)}</Tag> : null}
                    <div className="portal-teachers__sub">{dateOnly(x.publishTime)}</div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('learners')}</h2>} style={{ marginBottom: 16 }} data-testid="contribution-learners">
            {c.learners.length === 0 ? <p style={{ margin: 0 }}>{t('noLearners')}</p> : (
              <>
                <ul className="portal-teachers__rows">
                  {c.learners.map((l) => (
                    <li key={l.userId}>
                      <strong>{l.name}</strong> <Tag>{l.via === 'classes' ? t('viaClasses') : t('viaCourse')}</Tag>
                      <div className="portal-teachers__sub">{t('firstAt', { time: dateOnly(l.firstAt) })}</div>
                    </li>
                  ))}
                </ul>
                {c.totals.learners > c.learners.length ? <p className="portal-teachers__sub">{t('learnersMore', { shown: c.learners.length, total: c.totals.learners })}</p> : null}
              </>
            )}
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}

/** The last 12 months as a table: a screen reader reads it as well as an eye. */
function Months({ c, t }: { c: TeacherContribution; t: TeachersTexts }) {
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('byMonth')}</h2>} style={{ marginBottom: 16 }}>
      <div style={{ overflowX: 'auto' }}>
        <table className="portal-teachers__table" data-testid="contribution-months">
          <thead>
            <tr><th scope="col">{t('month')}</th><th scope="col">{t('totalCourses')}</th><th scope="col">{t('totalContents')}</th><th scope="col">{t('totalClasses')}</th><th scope="col">{t('totalLearners')}</th></tr>
          </thead>
          <tbody>
            {[...c.months].reverse().map((m) => (
              <tr key={m.month}><th scope="row">{m.month}</th><td>{m.courses}</td><td>{m.contents}</td><td>{m.classes}</td><td>{m.learners}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
