// What a service or contract product's page offers instead of the cart (issue 20 part R; spec
// learning §7 orderCustomize/create): a service (type 11) shows its upcoming slots grouped by day,
// each with its free seats (a full or started slot cannot be picked), a note and 立即预约; a
// contract product (type 12) shows 签约购买. Both need a signed-in user: a guest goes to sign in.
import { Alert, Button, Empty, Input, Radio, Skeleton } from 'antd';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useReserveFailure, useReserveTexts } from '../../../components/shop/reserve-texts';
import { loginPath } from '../../../lib/login-path';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { createCustomOrder, CUSTOM_PRODUCT_TYPE, NOTE_MAX, useShopChange, useSlots, type SlotView } from '../../../api/reservations';

/** Whether a product is ordered here rather than through the cart. */
export const isCustomProduct = (productType: number) => productType === CUSTOM_PRODUCT_TYPE.service || productType === CUSTOM_PRODUCT_TYPE.contract;

// In the page's language, not the browser's (an English page shows no 周三).
const dayOf = (iso: string, en: boolean) => new Date(iso).toLocaleDateString(en ? 'en-GB' : 'zh-CN', { month: '2-digit', day: '2-digit', weekday: 'short' });
const hourOf = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

/** A token made once per page: a second click returns the same order. */
const newToken = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

function SlotPicker({ slots, value, onChange }: { slots: SlotView[]; value: number | null; onChange: (id: number) => void }) {
  const t = useReserveTexts();
  const en = useTranslation().i18n.language === 'en';
  const days = useMemo(() => {
    const map = new Map<string, SlotView[]>();
    for (const s of slots) map.set(dayOf(s.startAt, en), [...(map.get(dayOf(s.startAt, en)) ?? []), s]);
    return [...map];
  }, [slots, en]);
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} style={{ display: 'flex', flexDirection: 'column', gap: 10 }} aria-label={t('pickSlot')}>
      {days.map(([day, list]) => (
        <div key={day} role="group" aria-label={t('slotsOf', { date: day })} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <span style={{ minWidth: 96 }}>{day}</span>
          {list.map((s) => (
            <Radio.Button key={s.id} value={s.id} disabled={!s.bookable || s.mine}>
              <span data-testid="slot-option" data-slot={s.id}>{hourOf(s.startAt)}–{hourOf(s.endAt)} · {s.mine ? t('slotMine') : s.bookable ? t('slotFree', { n: s.free }) : t('slotFull')}</span>
            </Radio.Button>
          ))}
        </div>
      ))}
    </Radio.Group>
  );
}

/** The reserve or contract box of a product page; `blocked` when the product cannot be bought now. */
export function ReserveBox({ productId, productType, price, blocked }: { productId: number; productType: number; price: number; blocked: boolean }) {
  const t = useReserveTexts();
  const failure = useReserveFailure();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useUserStore(selectUserId);
  const service = productType === CUSTOM_PRODUCT_TYPE.service;
  const slots = useSlots(service ? productId : null);
  const [slotId, setSlotId] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const token = useRef(newToken());
  const noteId = useId();
  const create = useShopChange(createCustomOrder);

  const order = () => {
    if (userId === null) return void navigate(loginPath(`${location.pathname}${location.search}`));
    if (service && slotId === null) return setProblem(t('pickFirst'));
    setProblem(null);
    create.mutate(service ? { kind: 'reserve', prodId: productId, slotId: slotId!, ...(note.trim() ? { note: note.trim() } : {}), submitToken: token.current } : { kind: 'contract', prodId: productId, submitToken: token.current }, {
      onSuccess: (done) => {
        token.current = newToken();
        if (!service) return void navigate(`/sub_shop/order_detail/order_detail/${done.orderId}`);
        showMessage('success', done.needsPay ? t('reservedPay') : t('reserved'));
        void navigate(done.needsPay ? `/sub_shop/order_detail/order_detail/${done.orderId}?pay=1` : '/user/center/shop/shopReserve');
      },
      onError: (error) => {
        setProblem(failure(error));
        void slots.refetch();
      },
    });
  };

  if (!service) {
    return (
      <div data-testid="contract-box" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Alert type="info" showIcon title={t('contractHint')} />
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        <div><Button size="large" type="primary" danger disabled={blocked} loading={create.isPending} onClick={order} data-testid="contract-buy">{t('signBuy')}</Button></div>
      </div>
    );
  }
  return (
    <div data-testid="reserve-box" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Alert type="info" showIcon title={t('serviceHint')} />
      <strong>{t('pickSlot')}</strong>
      {slots.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {slots.isError ? <Alert type="error" title={t('loadFailed')} action={<Button onClick={() => void slots.refetch()}>{t('retry')}</Button>} /> : null}
      {slots.data && slots.data.slots.length === 0 ? <Empty description={t('noSlots')} /> : null}
      {slots.data && slots.data.slots.length > 0 ? <SlotPicker slots={slots.data.slots} value={slotId} onChange={(id) => { setSlotId(id); setProblem(null); }} /> : null}
      <label htmlFor={noteId}>{t('note')}</label>
      <Input.TextArea id={noteId} value={note} maxLength={NOTE_MAX} showCount rows={2} placeholder={t('notePh')} onChange={(e) => setNote(e.target.value)} style={{ maxWidth: 480 }} />
      {problem ? <Alert type="error" showIcon title={problem} data-testid="reserve-problem" /> : null}
      <div>
        <Button size="large" type="primary" danger disabled={blocked} loading={create.isPending} onClick={order} data-testid="reserve-submit">
          {price > 0 ? t('reserve') : t('reserveFree')}
        </Button>
      </div>
    </div>
  );
}
