// /user/center/study/myMatch (spec learning §2 "Personal center" study; issue 19 part F): the
// competitions I enrolled in (withdrawn ones too), newest enrolment first, with the status, my total,
// my place (current while it runs, final once it ended) and the points it earned, how many stages I
// submitted and how many count a score; each opens the competition's page.
import { List, Segmented, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { matchPath, useMyMatches, type MatchStatus, type MyMatchItem } from '../../../api/matches';
import { CenterLayout } from '../components/center-layout';
import { useCenterMatchTexts } from '../components/my-match-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

const COLORS: Record<MatchStatus, string> = { upcoming: 'default', enrolling: 'green', in_progress: 'blue', ended: 'default' };
const STATUSES = ['all', 'enrolling', 'in_progress', 'upcoming', 'ended'] as const;

export default function MyMatchPage() {
  const t = useCenterMatchTexts();
  const { t: i18n } = useTranslation();
  const { page, onPage } = usePaging();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const query = useMyMatches({ ...page, status: status === 'all' ? undefined : status });
  const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');
  return (
    <CenterLayout title={i18n('route.myMatch')} testId="my-match">
      <Segmented
        aria-label={t('filter')} style={{ marginBottom: 16 }} value={status}
        onChange={(v) => { setStatus(v as (typeof STATUSES)[number]); onPage(1, page.pageSize); }}
        options={STATUSES.map((s) => ({ value: s, label: t(s) }))}
      />
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-match-list" rowKey={(m: MyMatchItem) => m.id}
        empty={{ text: `${t('empty')}. ${t('emptyHint')}`, linkText: t('findMatches'), to: '/match' }}
        renderRow={(m: MyMatchItem) => (
          <List.Item data-testid="my-match-item" data-id={m.id} data-status={m.status}>
            <div className="portal-study__body">
              <Link to={matchPath(m.id)} className="portal-study__title">{m.title}</Link>{' '}
              <Tag color={COLORS[m.status]}>{t(m.status)}</Tag>
              {m.myState === 'withdrawn' ? <Tag>{t('withdrawn')}</Tag> : (
                <>
                  <Tag color="gold" data-testid="my-match-total">{t('total', { n: m.total })}</Tag>
                  <Tag color={m.place === null ? 'default' : 'green'} data-testid="my-match-place">
                    {m.place === null ? t('noPlace') : m.status === 'ended' ? t('finalPlace', { n: m.place }) : t('place', { n: m.place })}
                  </Tag>
                  {m.placePoints ? <Tag color="orange">{t('points', { n: m.placePoints })}</Tag> : null}
                </>
              )}
              <div className="portal-study__meta">
                {[t('runWindow', { from: day(m.startTime), to: day(m.endTime) }), t('enrolledAt', { time: shortTime(m.enrolledAt) }),
                  t('submitted', { n: m.submittedStages }), t('scored', { n: m.scoredStages })].join(' · ')}
              </div>
              <div className="portal-study__meta"><Link to={matchPath(m.id)}>{t('open')}</Link></div>
            </div>
          </List.Item>
        )}
      />
    </CenterLayout>
  );
}
