// The class tools of myClasses beside the member list (issue 18 "myClasses: members, enrol/remove,
// assessments, attendance settings, start a live room"): the assessment drawer (classesMember
// queryMemberAssess / saveMemberAssess), the sign-in sessions (attendance settingInfo / saveSetting),
// and the class's live rooms (create one; start one with room startLive). All are the server's
// teacher-of-the-class calls; a refusal shows the server's message.
import { Button, DatePicker, Drawer, Empty, Form, Input, InputNumber, List, Space, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { startLive } from '../../../api/train-rooms';
import {
  createClassRoom, saveAssessment, saveAttendanceSession, useAttendanceSetting, useClassAssessments, useClassRooms, useWorkMutation,
  type WorkMember,
} from '../../../api/work';
import { QueryState, useNotice } from './work-gate';
import { useWorkTexts } from './work-texts';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The drawer that assesses one member: score 0–100, passed, comment. */
export function AssessDrawer({ classesId, member, onClose }: { classesId: number; member: WorkMember | null; onClose: () => void }) {
  const t = useWorkTexts();
  const notice = useNotice();
  const [form] = Form.useForm<{ score: number; passed: boolean; comment: string }>();
  const query = useClassAssessments(classesId, member !== null);
  const row = query.data?.list.find((r) => r.userId === member?.userId);
  const save = useWorkMutation(saveAssessment);
  useEffect(() => {
    if (member) form.setFieldsValue({ score: row?.score ?? member.score ?? 80, passed: row?.passed ?? member.passed ?? true, comment: row?.comment ?? '' });
  }, [member, row, form]);
  return (
    <Drawer open={member !== null} onClose={onClose} title={member ? t('assessTitle', { name: member.name }) : ''} destroyOnHidden size="default" data-testid="assess-drawer">
      {row && <Typography.Paragraph type="secondary">{t('assessProgress', { p: row.percentage, n: row.attendanceCount })}</Typography.Paragraph>}
      <Form
        form={form} layout="vertical"
        onFinish={(v) => member && save.mutate({ classesId, userId: member.userId, score: v.score, passed: v.passed, ...(v.comment?.trim() ? { comment: v.comment.trim() } : {}) }, {
          onSuccess: () => { notice(t('assessSaved')); onClose(); },
        })}
      >
        <Form.Item name="score" label={t('assessScore')} rules={[{ required: true }]}>
          <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="passed" label={t('assessPassed')} valuePropName="checked"><Switch /></Form.Item>
        <Form.Item name="comment" label={t('assessComment')}><Input.TextArea rows={4} maxLength={500} showCount /></Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="assess-save">{t('save')}</Button>
      </Form>
    </Drawer>
  );
}

/** The class's sign-in sessions and a form to add one. */
export function AttendanceTool({ classesId }: { classesId: number }) {
  const t = useWorkTexts();
  const notice = useNotice();
  const query = useAttendanceSetting(classesId, true);
  const [form] = Form.useForm<{ title: string; startTime: Dayjs; beforeMinutes: number; afterMinutes: number; place?: string }>();
  const save = useWorkMutation(saveAttendanceSession);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <QueryState query={query} testId="work-attendance">
        {(data) => (data.sessions.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sessionsEmpty')} /> : (
          <List
            size="small" dataSource={data.sessions} rowKey={(s) => s.id} data-testid="work-sessions"
            renderItem={(s) => (
              <List.Item>
                <span>{s.title} {s.open && <Tag color="green">●</Tag>}</span>
                <span className="portal-work__meta">{t('sessionWindow', { start: when(s.windowStart), end: when(s.windowEnd) })}{s.place ? ` · ${s.place}` : ''}</span>
              </List.Item>
            )}
          />
        ))}
      </QueryState>
      <Form
        form={form} layout="inline" initialValues={{ beforeMinutes: 30, afterMinutes: 15 }} aria-label={t('sessionNew')}
        onFinish={(v) => save.mutate({
          classesId, title: v.title.trim(), startTime: v.startTime.toISOString(), beforeMinutes: v.beforeMinutes, afterMinutes: v.afterMinutes,
          ...(v.place?.trim() ? { place: v.place.trim() } : {}),
        }, { onSuccess: () => { notice(t('sessionSaved')); form.resetFields(); } })}
      >
        <Form.Item name="title" label={t('sessionTitle')} rules={[{ required: true, whitespace: true, message: t('sessionNeedTitle') }]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="startTime" label={t('sessionStart')} rules={[{ required: true, message: t('sessionNeedStart') }]}><DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" /></Form.Item>
        <Form.Item name="beforeMinutes" label={t('sessionBefore')}><InputNumber min={0} max={720} /></Form.Item>
        <Form.Item name="afterMinutes" label={t('sessionAfter')}><InputNumber min={0} max={720} /></Form.Item>
        <Form.Item name="place" label={t('sessionPlace')}><Input maxLength={100} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>{t('sessionNew')}</Button>
      </Form>
    </Space>
  );
}

/** The class's live rooms: start an upcoming one, open any, create one. */
export function RoomsTool({ classesId }: { classesId: number }) {
  const t = useWorkTexts();
  const notice = useNotice();
  const query = useClassRooms(classesId);
  const start = useWorkMutation((id: number) => startLive(id));
  const create = useWorkMutation(createClassRoom);
  const [form] = Form.useForm<{ title: string; startTime: Dayjs; minutes: number }>();
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <QueryState query={query} testId="work-rooms">
        {(rooms) => (rooms.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roomsEmpty')} /> : (
          <List
            size="small" dataSource={rooms} rowKey={(r) => r.id} data-testid="work-room-list"
            renderItem={(r) => (
              <List.Item
                data-testid="work-room" data-id={r.id} data-state={r.liveState}
                actions={[
                  r.liveState === 'upcoming' && (
                    <Button key="s" size="small" type="primary" loading={start.isPending && start.variables === r.id} data-testid="start-live"
                      onClick={() => start.mutate(r.id, { onSuccess: () => notice(t('started')) })}
                    >{t('startLive')}</Button>
                  ),
                  <Link key="o" to={`/chatRoom/detail/${r.id}`}>{t('enterRoom')}</Link>,
                ].filter(Boolean)}
              >
                <span>{r.title} <Tag color={r.liveState === 'live' ? 'red' : r.liveState === 'upcoming' ? 'blue' : 'default'}>{t(`live_${r.liveState}`)}</Tag></span>
                <span className="portal-work__meta">{when(r.startTime)}</span>
              </List.Item>
            )}
          />
        ))}
      </QueryState>
      <Form
        form={form} layout="inline" initialValues={{ minutes: 90 }} aria-label={t('roomCreate')}
        onFinish={(v) => create.mutate({ classesId, title: v.title.trim(), startTime: v.startTime.toISOString(), minutes: v.minutes }, {
          onSuccess: () => { notice(t('roomCreated')); form.resetFields(); },
        })}
      >
        <Form.Item name="title" label={t('roomTitle')} rules={[{ required: true, whitespace: true, message: t('roomNeedTitle') }]}><Input maxLength={100} /></Form.Item>
        <Form.Item
          name="startTime" label={t('roomStart')}
          rules={[{ required: true, message: t('roomNeedStart') }, { validator: (_, v?: Dayjs) => (!v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('roomNeedStart')))) }]}
        ><DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" /></Form.Item>
        <Form.Item name="minutes" label={t('roomMinutes')}><InputNumber min={10} max={600} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="create-room">{t('roomCreate')}</Button>
      </Form>
    </Space>
  );
}
