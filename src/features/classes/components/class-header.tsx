// The head of a class detail: cover, title and state, teacher, dates, seats, my membership, and the
// enrol / cancel / quit buttons, each behind a confirmation. Which button shows comes from the
// server's canEnroll / canCancel / canQuit (the same rules the calls enforce), so a shown button is
// a call that should succeed; a refusal in between (the last seat went) shows the server's reason
// through the error catalogue, and the class is read again either way.
import { App, Button, Descriptions, message as staticMessage, Popconfirm, Tag } from 'antd';
import type { ClassDetail } from '../../../api/classes';
import { useClassAction, type ClassAction } from '../api/use-classes';
import { dayTime, seatsText } from './class-format';
import { STATE_TEXT, useClassTexts, type ClassText } from './texts';

const STATE_COLOUR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'default' };
const MEMBER_TEXT: Record<number, ClassText> = { 1: 'memberEnrolled', 2: 'memberCancelled', 3: 'memberQuit' };

const CONFIRM: Record<ClassAction, { button: ClassText; title: ClassText; body: ClassText; done: ClassText; danger: boolean }> = {
  enrol: { button: 'enrol', title: 'enrolConfirm', body: 'enrolConfirmBody', done: 'enrolDone', danger: false },
  cancel: { button: 'cancel', title: 'cancelConfirm', body: 'cancelConfirmBody', done: 'cancelDone', danger: true },
  quit: { button: 'quit', title: 'quitConfirm', body: 'quitConfirmBody', done: 'quitDone', danger: true },
};

function ActionButton({ c, action }: { c: ClassDetail; action: ClassAction }) {
  const t = useClassTexts();
  const { message } = App.useApp();
  const run = useClassAction(c.id);
  const spec = CONFIRM[action];
  const onConfirm = () => run.mutateAsync(action).then(
    () => void (message.success ?? staticMessage.success)(t(spec.done)),
    // The error catalogue has shown the server's reason; the class is read again (onSettled).
    () => undefined,
  );
  return (
    <Popconfirm
      title={t(spec.title, { title: c.title })} description={<span style={{ display: 'block', maxWidth: 320 }}>{t(spec.body)}</span>}
      okText={t('confirmOk')} cancelText={t('confirmCancel')} okButtonProps={{ danger: spec.danger, loading: run.isPending }} onConfirm={onConfirm}
    >
      <Button type={action === 'enrol' ? 'primary' : 'default'} danger={spec.danger} size="large" loading={run.isPending} data-testid={`class-${action}`}>
        {t(spec.button)}
      </Button>
    </Popconfirm>
  );
}

export function ClassHeader({ c }: { c: ClassDetail }) {
  const t = useClassTexts();
  // The schema sends state as an integer 1…3 (schemas/api/train.ts); an unknown one shows no tag.
  const stateText = (STATE_TEXT as Partial<Record<number, ClassText>>)[c.state];
  const secondary = { color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))' };
  return (
    <header style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
      <div style={{ flex: '0 0 360px', aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden', background: 'var(--portal-fill, rgba(0,0,0,0.06))' }}>
        {c.cover && <img src={c.cover} alt={c.title} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
      </div>
      <div style={{ flex: 1, minWidth: 300 }}>
        <h1 style={{ margin: '0 0 8px', fontSize: 24, fontWeight: 600 }}>
          {c.title} {stateText && <Tag color={STATE_COLOUR[c.state]} data-testid="class-state" style={{ verticalAlign: 'middle' }}>{t(stateText)}</Tag>}
          {!c.isPublic && <Tag style={{ verticalAlign: 'middle' }}>{t('inviteOnly')}</Tag>}
        </h1>
        <Descriptions
          column={1} size="small" style={{ marginTop: 8 }}
          items={[
            { key: 'teacher', label: t('teacher'), children: c.teacher ? [c.teacher.name, c.teacher.title].filter(Boolean).join(' · ') : t('noTeacher') },
            { key: 'time', label: t('time'), children: <span data-testid="class-dates">{t('dates', { start: dayTime(c.startTime), end: dayTime(c.endTime) })}</span> },
            { key: 'seats', label: t('seats'), children: <span data-testid="class-seats">{seatsText(t, c)} · {t('enrolCount', { n: c.enrolCount })}</span> },
          ]}
        />
        {c.member && (
          <p data-testid="class-membership" style={{ margin: '8px 0 0' }}>
            <Tag color={c.member.state === 1 ? 'success' : 'default'}>{t(MEMBER_TEXT[c.member.state]!)}</Tag>
            <span style={secondary}>{t('memberSince', { time: dayTime(c.member.enrolledAt) })}</span>
          </p>
        )}
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', marginTop: 16 }}>
          {c.canEnroll && <ActionButton c={c} action="enrol" />}
          {c.canCancel && <ActionButton c={c} action="cancel" />}
          {c.canQuit && <ActionButton c={c} action="quit" />}
          {c.enrolBlocked && !c.canEnroll && <span role="status" data-testid="class-enrol-blocked" style={secondary}>{c.enrolBlocked}</span>}
          {c.state === 3 && !c.enrolBlocked && <span style={secondary}>{t('finishedNote')}</span>}
        </div>
      </div>
    </header>
  );
}
