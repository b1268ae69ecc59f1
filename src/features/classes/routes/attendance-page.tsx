// /attendance/detail?classesId= (spec learning §2 "Login required": class sign-in; §7 attendance
// settingInfo, saveLog, queryLog): the class's sessions with their sign-in windows, a 签到 button
// enabled only while a window is open (judged by the server's clock, which the page keeps ticking
// with the offset it measured), the teacher's form for a new session, my position from navigator.geolocation when the session requires
// it (a refusal says plainly what to do), and my sign-in log; the teacher may see everyone's.
// The window and location rule: docs/decisions.md "Class attendance".
import { Alert, Button, Empty, List, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useClassAuth, useAttendanceLog, useAttendanceSetting, useSignIn, type AttendanceSession } from '../api/use-class-tools';
import { dayTime } from '../components/class-format';
import { SessionForm } from '../components/session-form';
import { LoadError, ToolPage, useClassesIdParam } from '../components/tool-page';
import { useToolTexts, type ToolText } from '../components/tools-texts';

const LOG_PAGE = 10;
const pad = (n: number) => String(n).padStart(2, '0');
const hm = (iso: string) => { const d = new Date(iso); return `${pad(d.getHours())}:${pad(d.getMinutes())}`; };
const md = (iso: string) => { const d = new Date(iso); return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`; };
/** A window end or start: the time alone on the session's day, with the date on another day (a window from 23:30 the day before). */
const windowTime = (iso: string, startIso: string) => (md(iso) === md(startIso) ? hm(iso) : `${md(iso)} ${hm(iso)}`);
/** Upcoming sessions shown before "show all": the next few are what a learner plans by. */
const UPCOMING_SHOWN = 3;

/** The server's clock now: the local clock plus the offset measured when the setting arrived, ticking every 5 s. */
function useServerNow(serverNow: string | undefined, fetchedAt: number): number {
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);
  const offset = serverNow ? Date.parse(serverNow) - fetchedAt : 0;
  return Math.max(local, fetchedAt) + offset;
}

type Phase = 'signed' | 'open' | 'notOpen' | 'closed';
function phaseOf(s: AttendanceSession, now: number): Phase {
  if (s.signedAt) return 'signed';
  if (now < Date.parse(s.windowStart)) return 'notOpen';
  if (now > Date.parse(s.windowEnd)) return 'closed';
  return 'open';
}

/** Why the browser gave no position, as the message the learner reads. */
const GEO_TEXT: Record<number, ToolText> = { 1: 'geoDenied', 2: 'geoUnavailable', 3: 'geoTimeout' };

/** The position, or the text key of why there is none. */
function locate(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject(new Error('geoUnsupported'));
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      (e) => reject(new Error(GEO_TEXT[e.code] ?? 'geoUnavailable')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

function SessionRow({ s, now, classesId, isMember }: { s: AttendanceSession; now: number; classesId: number; isMember: boolean }) {
  const t = useToolTexts();
  const sign = useSignIn(classesId);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<ToolText | null>(null);
  const phase = phaseOf(s, now);
  const status: Record<Phase, { text: string; colour: string }> = {
    signed: { text: t('signedAt', { time: s.signedAt ? windowTime(s.signedAt, s.startTime) : '' }), colour: 'success' },
    open: { text: t('openNow'), colour: 'processing' },
    notOpen: { text: t('windowNotOpen'), colour: 'default' },
    closed: { text: t('missed'), colour: 'error' },
  };
  const onSign = async () => {
    setGeoError(null);
    let position: { latitude: number; longitude: number } | undefined;
    if (s.radius !== null) {
      setLocating(true);
      try {
        position = await locate();
      } catch (error) {
        setGeoError((error as Error).message as ToolText);
        return;
      } finally {
        setLocating(false);
      }
    }
    sign.mutate({ sessionId: s.id, ...position }, { onSuccess: () => showMessage('success', t('signInDone')) });
  };
  return (
    <List.Item
      data-testid="attendance-session" data-id={s.id} data-phase={phase}
      actions={phase === 'signed' ? [] : [
        // spec (design, docs/decisions.md): sign-in is possible only inside the session's window.
        <Button
          key="sign" type="primary" data-testid="attendance-sign" disabled={phase !== 'open' || !isMember}
          loading={locating || sign.isPending} onClick={() => void onSign()}
        >
          {locating ? t('locating') : t('signIn')}
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={<span>{s.title} <Tag color={status[phase].colour} data-testid="attendance-status">{status[phase].text}</Tag></span>}
        description={(
          <>
            <div>{t('sessionStart', { time: dayTime(s.startTime) })} · {t('sessionWindow', { start: windowTime(s.windowStart, s.startTime), end: windowTime(s.windowEnd, s.startTime) })}</div>
            {s.place && <div>{t('sessionPlace', { place: s.place })}</div>}
            {s.radius !== null && <div data-testid="attendance-needs-location">{t('needLocation', { radius: s.radius })}</div>}
          </>
        )}
      />
      {geoError && <Alert type="warning" showIcon role="alert" data-testid="attendance-geo-error" title={t(geoError)} style={{ marginTop: 8 }} />}
    </List.Item>
  );
}

function SignInLog({ classesId, canSeeAll }: { classesId: number; canSeeAll: boolean }) {
  const t = useToolTexts();
  const [all, setAll] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const query = useAttendanceLog(classesId, { pageNo, pageSize: LOG_PAGE }, all);
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (query.isError) body = <LoadError error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.total === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noLog')} />;
  else {
    body = (
      <>
        <List
          size="small" dataSource={query.data.list} rowKey={(l) => `${l.sessionId}-${l.userId}`}
          renderItem={(l) => (
            <List.Item data-testid="attendance-log">
              <span>{all ? `${l.name} · ` : ''}{l.sessionTitle}</span>
              <span style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>
                {dayTime(l.signedAt)}{l.distance !== null ? ` · ${t('distance', { n: l.distance })}` : ''}
              </span>
            </List.Item>
          )}
        />
        {query.data.total > LOG_PAGE && <Pagination size="small" style={{ marginTop: 12, justifyContent: 'center' }} current={pageNo} pageSize={LOG_PAGE} total={query.data.total} onChange={setPageNo} />}
      </>
    );
  }
  return (
    <section aria-labelledby="attendance-log-title" style={{ marginTop: 32 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <h2 id="attendance-log-title" style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{t(all ? 'allLog' : 'myLog')}</h2>
        {canSeeAll && (
          <Segmented
            data-testid="attendance-log-scope" value={all ? 'all' : 'mine'}
            options={[{ value: 'mine', label: t('showMine') }, { value: 'all', label: t('showAll') }]}
            onChange={(v) => { setAll(v === 'all'); setPageNo(1); }}
          />
        )}
      </div>
      {body}
    </section>
  );
}

function Attendance({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const auth = useClassAuth(classesId);
  const setting = useAttendanceSetting(classesId);
  const now = useServerNow(setting.data?.now, setting.dataUpdatedAt);
  const [showAll, setShowAll] = useState(false);
  if (setting.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (setting.isError) return <LoadError error={setting.error} retry={() => void setting.refetch()} />;
  const s = setting.data;
  const isMember = auth.data?.isMember ?? false;
  // Past and open sessions, then the next few; the rest behind "show all".
  const upcoming = s.sessions.filter((x) => Date.parse(x.windowStart) > now);
  const shown = showAll ? s.sessions : s.sessions.filter((x) => Date.parse(x.windowStart) <= now || upcoming.indexOf(x) < UPCOMING_SHOWN);
  const hidden = s.sessions.length - shown.length;
  return (
    <>
      <p style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }} data-testid="attendance-clock">
        {s.classesTitle} · {t('serverTime', { time: dayTime(new Date(now).toISOString()) })}
      </p>
      {auth.data?.isTeacher && <SessionForm classesId={classesId} />}
      {auth.data && !isMember && !auth.data.isTeacher && <Alert type="info" showIcon title={t('membersOnlySign')} style={{ marginBottom: 12 }} data-testid="attendance-members-only" />}
      {s.sessions.length === 0
        ? <Empty description={t('noSessions')} />
        : <List dataSource={shown} rowKey="id" renderItem={(x) => <SessionRow s={x} now={now} classesId={classesId} isMember={isMember} />} />}
      {hidden > 0 && <Button type="link" onClick={() => setShowAll(true)} data-testid="attendance-show-all">{t('showAllSessions', { n: hidden })}</Button>}
      <SignInLog classesId={classesId} canSeeAll={auth.data?.isTeacher ?? false} />
    </>
  );
}

export default function AttendancePage() {
  const t = useToolTexts();
  const classesId = useClassesIdParam();
  return (
    <ToolPage classesId={classesId} testId="attendance-page" title={t('attendanceTitle')}>
      {classesId !== null && <Attendance classesId={classesId} />}
    </ToolPage>
  );
}
