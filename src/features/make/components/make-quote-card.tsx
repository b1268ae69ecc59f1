// The quote of one request and what its learner may do with it: accept (an order is made; with an
// address from the address book or none for a service), decline with an optional reason, withdraw
// before accepting, and after accepting open or pay the order (or order again when it lapsed).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { acceptMakeQuote, declineMakeQuote, withdrawMakeRequest, type MakeRequestView } from '../../../api/make';
import { listAddresses } from '../../../api/shop-orders';
import { showMessage } from '../../../components/feedback/feedback';
import { dateTime, yuan } from './make-parts';
import type { MakeTexts } from './make-texts';

const orderPath = (id: number) => `/sub_shop/order_detail/order_detail/${id}`;

export function MakeQuoteCard({ request: r, t }: { request: MakeRequestView; t: MakeTexts }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);
  const [declining, setDeclining] = useState(false);
  const done = (message: string) => (next: MakeRequestView) => {
    client.setQueryData(['make', 'detail', r.id], next);
    void client.invalidateQueries({ queryKey: ['make'] });
    showMessage('success', message);
    return next;
  };
  const withdraw = useMutation({ mutationFn: () => withdrawMakeRequest(r.id), onSuccess: done(t('withdrawn')) });
  const lapsed = r.state === 'accepted' && (r.orderId === null || r.orderState === 4);
  const reorder = useMutation({
    mutationFn: () => acceptMakeQuote(r.id, r.quote?.quotedAt ?? '', null),
    onSuccess: (next) => { done(t('accepted'))(next); if (next.orderId) void navigate(orderPath(next.orderId)); },
    onError: () => void client.invalidateQueries({ queryKey: ['make'] }),
  });

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('quote')}</h2>} data-testid="make-quote">
      {r.quote === null ? <p style={{ margin: 0 }}>{t('quoteWaiting')}</p> : (
        <Descriptions column={1} size="small" items={[
          { key: 'price', label: t('price'), children: <strong data-testid="make-quote-price">{yuan(r.quote.price)}</strong> },
          { key: 'delivery', label: t('deliveryDate'), children: r.quote.deliveryDate },
          ...(r.quote.note ? [{ key: 'note', label: t('quoteNote'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{r.quote.note}</span> }] : []),
          { key: 'at', label: t('quotedAt'), children: dateTime(r.quote.quotedAt) },
        ]} />
      )}
      {r.state === 'declined' && r.declineReason ? <p style={{ margin: '12px 0 0' }}>{t('declinedReason', { reason: r.declineReason })}</p> : null}
      {r.state === 'accepted' && r.orderId !== null ? (
        <Space wrap style={{ marginTop: 12 }} data-testid="make-order">
          <span>{t('orderState')}</span>
          {r.orderState !== null ? <Tag>{t(`order_${r.orderState}` as 'order_1')}</Tag> : null}
          {r.orderState === 1 ? <Button type="primary" onClick={() => void navigate(orderPath(r.orderId!))} data-testid="make-go-pay">{t('goPay')}</Button> : null}
          {r.orderState !== 1 ? <Link to={orderPath(r.orderId)}>{t('viewOrder')}</Link> : null}
        </Space>
      ) : null}
      {lapsed ? (
        <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('orderLapsed')}
          action={<Button onClick={() => reorder.mutate()} loading={reorder.isPending} data-testid="make-reorder">{t('reorder')}</Button>} />
      ) : null}
      <Space wrap style={{ marginTop: 16 }}>
        {r.state === 'quoted' ? (
          <>
            <Button type="primary" onClick={() => setAccepting(true)} data-testid="make-accept">{t('accept')}</Button>
            <Button onClick={() => setDeclining(true)} data-testid="make-decline">{t('decline')}</Button>
          </>
        ) : null}
        {/* A lapsed order leaves the request open to withdraw (make-routes.ts withdraw). */}
        {r.state === 'submitted' || r.state === 'quoted' || lapsed ? (
          <Popconfirm title={t('withdrawConfirm')} okText={t('withdraw')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => withdraw.mutateAsync()}>
            <Button loading={withdraw.isPending} data-testid="make-withdraw">{t('withdraw')}</Button>
          </Popconfirm>
        ) : null}
      </Space>
      {accepting ? <AcceptDialog request={r} t={t} onClose={() => setAccepting(false)} onDone={(next) => {
        done(t('accepted'))(next);
        setAccepting(false);
        if (next.orderId) void navigate(orderPath(next.orderId));
      }} /> : null}
      {declining ? <DeclineDialog request={r} t={t} onClose={() => setDeclining(false)} onDone={(next) => { done(t('declined'))(next); setDeclining(false); }} /> : null}
    </Card>
  );
}

/** Accepting: where to ship (the default address first; none for a service), then the order. */
function AcceptDialog({ request: r, t, onClose, onDone }: { request: MakeRequestView; t: MakeTexts; onClose(): void; onDone(next: MakeRequestView): void }) {
  const client = useQueryClient();
  const addresses = useQuery({ queryKey: ['make', 'addresses'] as const, queryFn: listAddresses, retry: false });
  const [choice, setChoice] = useState<number | 'none' | undefined>(undefined);
  const fallback = addresses.data?.find((a) => a.isDefault)?.id ?? 'none';
  const picked = choice ?? fallback;
  // A refusal (MAKE_QUOTE_CHANGED: quoted again meanwhile) reloads the request, so the new quote shows.
  const accept = useMutation({
    mutationFn: () => acceptMakeQuote(r.id, r.quote?.quotedAt ?? '', picked === 'none' ? null : picked), onSuccess: onDone,
    onError: () => void client.invalidateQueries({ queryKey: ['make', 'detail', r.id] }),
  });
  return (
    <Modal open title={t('acceptTitle')} onCancel={onClose} onOk={() => accept.mutate()} okText={t('acceptOk')} cancelText={t('cancel')}
      confirmLoading={accept.isPending} okButtonProps={{ disabled: addresses.isPending, 'data-testid': 'make-accept-ok' } as never}>
      <p>{t('acceptHint', { price: yuan(r.quote?.price ?? 0) })}</p>
      <Form layout="vertical">
        <Form.Item label={t('shipTo')} htmlFor="make-ship-to">
          {addresses.isPending ? <span>{t('addressesLoading')}</span> : (
            <Select id="make-ship-to" value={picked} onChange={setChoice} data-testid="make-ship-to" options={[
              ...(addresses.data ?? []).map((a) => ({ value: a.id, label: `${a.receiver} ${a.phone} ${a.area} ${a.detail}` })),
              { value: 'none' as const, label: t('noShipping') },
            ]} />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeclineDialog({ request: r, t, onClose, onDone }: { request: MakeRequestView; t: MakeTexts; onClose(): void; onDone(next: MakeRequestView): void }) {
  const [reason, setReason] = useState('');
  const decline = useMutation({ mutationFn: () => declineMakeQuote(r.id, reason.trim()), onSuccess: onDone });
  return (
    <Modal open title={t('declineTitle')} onCancel={onClose} onOk={() => decline.mutate()} okText={t('declineOk')} cancelText={t('cancel')}
      confirmLoading={decline.isPending} okButtonProps={{ danger: true }}>
      <Form layout="vertical">
        <Form.Item label={t('declineReason')} htmlFor="make-decline-reason">
          <Input.TextArea id="make-decline-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
