// The messages back and forth on one request, oldest first, and the box to write one (closed
// requests take no more messages).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, List, Tag } from 'antd';
import { useState } from 'react';
import { sendMakeMessage, type MakeRequestView } from '../../../api/make';
import { showMessage } from '../../../components/feedback/feedback';
import { dateTime } from './make-parts';
import type { MakeTexts } from './make-texts';

export function MakeThread({ request: r, t }: { request: MakeRequestView; t: MakeTexts }) {
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = r.state === 'submitted' || r.state === 'quoted' || r.state === 'accepted';
  const send = useMutation({
    mutationFn: () => sendMakeMessage(r.id, body.trim()),
    onSuccess: (next) => {
      client.setQueryData(['make', 'detail', r.id], next);
      setBody('');
      showMessage('success', t('sent'));
    },
  });
  const submit = () => {
    if (!body.trim()) return setError(t('messageRule'));
    setError(null);
    send.mutate();
  };
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('messages')}</h2>} data-testid="make-thread">
      {r.messages.length === 0 ? <p>{t('noMessages')}</p> : (
        <List dataSource={r.messages} renderItem={(m) => (
          <List.Item data-testid="make-message">
            <div>
              <div style={{ marginBottom: 4 }}>
                <Tag color={m.fromStaff ? 'blue' : 'default'}>{m.fromStaff ? t('staff') : t('me')}</Tag>
                <span>{m.authorName} · {dateTime(m.createdAt)}</span>
              </div>
              <div style={{ whiteSpace: 'pre-wrap' }}>{m.body}</div>
            </div>
          </List.Item>
        )} />
      )}
      {open ? (
        <Form layout="vertical" onFinish={submit} style={{ marginTop: 12 }}>
          <Form.Item label={t('messageLabel')} htmlFor="make-message-body" validateStatus={error ? 'error' : ''} help={error}>
            <Input.TextArea id="make-message-body" value={body} onChange={(e) => setBody(e.target.value)} maxLength={1000} showCount
              autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('messagePlaceholder')} data-testid="make-message-input" />
          </Form.Item>
          <Button htmlType="submit" loading={send.isPending} data-testid="make-message-send">{t('send')}</Button>
        </Form>
      ) : <p style={{ marginTop: 12 }}>{t('closedNoMessages')}</p>}
    </Card>
  );
}
