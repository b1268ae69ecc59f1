// Parts of the invigilation page (issue 18 part D): how an event reads, a candidate's event
// timeline in a drawer, and the force-submit confirmation with its reason.
import { Alert, Drawer, Empty, Form, Input, Modal, Skeleton, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useAttemptEvents, useForceSubmit, type Candidate, type PaperEvent } from '../../../api/exam-invigilate';
import { useInvigilateTexts } from './invigilate-texts';

type T = ReturnType<typeof useInvigilateTexts>;

/** An event in the invigilator's words: what happened, with its detail where it says more. */
export function eventText(t: T, e: Pick<PaperEvent, 'kind' | 'detail'>): string {
  switch (e.kind) {
    case 'leave': return e.detail === 'hidden' ? t('ev_leaveHidden') : e.detail === 'blur' ? t('ev_leaveBlur') : t('ev_leave');
    case 'return': {
      const away = /^(\d+)s$/.exec(e.detail ?? '');
      return away ? t('ev_returnAfter', { n: Number(away[1]) }) : t('ev_return');
    }
    case 'force_submit': return e.detail ? t('ev_forceReason', { reason: e.detail }) : t('ev_force_submit');
    default: return t(`ev_${e.kind}`);
  }
}

/** hh:mm:ss of a time. */
export const clockTime = (iso: string) => dayjs(iso).format('HH:mm:ss');

const COLOR: Partial<Record<PaperEvent['kind'], string>> = { leave: 'orange', offline: 'red', force_submit: 'red', auto_submit: 'gray', return: 'green', online: 'green' };

/** A candidate's whole event timeline, oldest first, refreshed with the list. */
export function EventsDrawer({ candidate, onClose }: { candidate: Candidate | null; onClose: () => void }) {
  const t = useInvigilateTexts();
  const events = useAttemptEvents(candidate?.attemptId ?? null);
  return (
    <Drawer open={candidate !== null} onClose={onClose} title={candidate ? t('timelineOf', { name: candidate.name }) : ''} size={420} data-testid="invigilate-drawer">
      {events.isPending ? <Skeleton active />
        : events.isError ? <Alert type="error" showIcon title={events.error.message} />
          : events.data.events.length === 0 ? <Empty description={t('noEvents')} />
            : (
              <Timeline
                data-testid="invigilate-timeline"
                items={events.data.events.map((e) => ({
                  key: e.id, color: COLOR[e.kind] ?? 'blue',
                  content: <span data-kind={e.kind}><time dateTime={e.at}>{clockTime(e.at)}</time> {eventText(t, e)}</span>,
                }))}
              />
            )}
    </Drawer>
  );
}

/** The confirmation of a force-submit: a reason is required; the server's refusal shows in the dialog. */
export function ForceSubmitDialog({ candidate, onClose, onDone }: { candidate: Candidate | null; onClose: () => void; onDone: (c: Candidate) => void }) {
  const t = useInvigilateTexts();
  const force = useForceSubmit();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (candidate) {
      form.resetFields();
      setError(null);
    }
  }, [candidate, form]);
  const submit = async () => {
    if (!candidate) return;
    const { reason } = await form.validateFields();
    try {
      await force.mutateAsync({ attemptId: candidate.attemptId, reason: reason.trim() });
      onDone(candidate);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal
      open={candidate !== null} title={candidate ? t('forceTitle', { name: candidate.name }) : ''} okText={t('forceOk')} cancelText={t('cancel')}
      okButtonProps={{ danger: true, loading: force.isPending, ...({ 'data-testid': 'invigilate-force-ok' } as object) }}
      onOk={() => void submit().catch(() => {})} onCancel={onClose} forceRender
    >
      <p>{t('forceHint')}</p>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="reason" label={t('reason')}
          rules={[{ required: true, whitespace: true, message: t('reasonRequired') }, { max: 200 }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('reasonPlaceholder')} data-testid="invigilate-reason" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="invigilate-force-error" />}
    </Modal>
  );
}
