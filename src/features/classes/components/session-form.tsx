// The teacher's form for a new sign-in session (POST attendance/saveSetting, teacher of the class
// only): a title, the start, how long before and after the start sign-in stays open (30 and 15
// minutes unless changed, docs/decisions.md "Class attendance"), and optionally a place with a
// radius, whose centre is the teacher's position when the form is sent from the classroom.
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { filterInput } from '../../../lib/text-filter';
import { useSaveSession } from '../api/use-class-tools';
import { useToolTexts } from './tools-texts';

interface Values { title: string; start: Dayjs; before: number; after: number; place?: string; useHere: boolean; radius: number }

const filtered = (e: { target: { value: string } }) => filterInput(e.target.value).text;

export function SessionForm({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const [form] = Form.useForm<Values>();
  const save = useSaveSession(classesId);
  const [geoError, setGeoError] = useState<string | null>(null);
  const submit = async (v: Values) => {
    setGeoError(null);
    let where: { latitude: number; longitude: number; radius: number } | undefined;
    if (v.useHere) {
      try {
        const p = await new Promise<GeolocationPosition>((resolve, reject) => {
          if (!navigator.geolocation) reject(new Error(t('geoUnsupported')));
          else navigator.geolocation.getCurrentPosition(resolve, (e) => reject(new Error(t(e.code === 1 ? 'geoDenied' : 'geoUnavailable'))), { timeout: 15_000 });
        });
        where = { latitude: p.coords.latitude, longitude: p.coords.longitude, radius: v.radius };
      } catch (error) {
        setGeoError((error as Error).message);
        return;
      }
    }
    save.mutate(
      { title: v.title.trim(), startTime: v.start.toISOString(), beforeMinutes: v.before, afterMinutes: v.after, ...(v.place?.trim() ? { place: v.place.trim() } : {}), ...where },
      { onSuccess: () => { showMessage('success', t('sessionSaved')); form.resetFields(); } },
    );
  };
  return (
    <details data-testid="attendance-session-form" style={{ margin: '0 0 16px' }}>
      <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{t('newSession')}</summary>
      <Form<Values>
        form={form} layout="vertical" style={{ marginTop: 12, maxWidth: 560 }} onFinish={(v) => void submit(v)}
        initialValues={{ before: 30, after: 15, useHere: false, radius: 500, start: dayjs().add(1, 'hour').startOf('hour') }}
      >
        <Form.Item name="title" label={t('sessionTitle')} getValueFromEvent={filtered} rules={[{ required: true, whitespace: true, max: 100, message: t('sessionTitleRequired') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="start" label={t('sessionStartAt')} rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="before" label={t('beforeMinutes')}><InputNumber min={0} max={720} precision={0} /></Form.Item>
          <Form.Item name="after" label={t('afterMinutes')}><InputNumber min={0} max={720} precision={0} /></Form.Item>
        </Space>
        <Form.Item name="place" label={t('sessionPlaceLabel')} getValueFromEvent={filtered}><Input maxLength={100} /></Form.Item>
        <Space wrap align="center">
          <Form.Item name="useHere" valuePropName="checked"><Checkbox>{t('useMyPosition')}</Checkbox></Form.Item>
          <Form.Item name="radius" label={t('radius')}><InputNumber min={10} max={100000} precision={0} /></Form.Item>
        </Space>
        {geoError && <p role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>{geoError}</p>}
        <Button type="primary" htmlType="submit" loading={save.isPending}>{t('addSession')}</Button>
      </Form>
    </details>
  );
}
