// /sub_shop/comment?orderId= (spec learning §2 "Shop"; §7 POST /order/api/orderComment/submit;
// issue 20 part Q): review the lines of a received order: 1–5 stars, a text of at most 500
// characters and up to 6 photos (the upload flow, spec shell §5). Lines reviewed already show the
// review; the lines written are sent together, the others stay open for later. Before receipt it
// says so; another learner's or a missing order says 订单不存在 (spec §8, through the catalogue).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Rate, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Uploader } from '../../../components/uploader';
import { showMessage } from '../../../components/feedback/feedback';
import {
  getOrderReviews, REVIEW_IMAGES_MAX, REVIEW_TEXT_MAX, submitReviews, useAfterSaleScope, type OrderReviews, type ReviewInput,
} from '../../../api/after-sale';
import { failureText, useShopTexts } from '../components/shop-texts';
import { Panel, productPath, SECONDARY_TEXT, ShopPage, Thumb } from '../components/shop-parts';
import { useAfterSaleTexts } from '../components/delivery-texts';
import { ReviewPhotos } from '../components/review-photos';

type Line = OrderReviews['lines'][number];
interface Draft { score: number; content: string; images: string[] }

function ReviewedLine({ line }: { line: Line }) {
  const t = useAfterSaleTexts();
  const review = line.review!;
  return (
    <div data-testid="review-done">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Rate disabled value={review.score} aria-label={t('stars', { n: review.score })} />
        <span style={{ color: SECONDARY_TEXT }}>{t('reviewed')}</span>
      </div>
      <p style={{ whiteSpace: 'pre-wrap', margin: '8px 0' }}>{review.content}</p>
      <ReviewPhotos images={review.images} alt={line.title} />
    </div>
  );
}

function DraftLine({ line, draft, onChange }: { line: Line; draft: Draft; onChange: (d: Draft) => void }) {
  const t = useAfterSaleTexts();
  const contentId = `review-content-${line.orderItemId}`;
  return (
    <div data-testid="review-form" data-item={line.orderItemId} style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Rate value={draft.score} onChange={(score) => onChange({ ...draft, score })} aria-label={t('rateLabel', { title: line.title })} data-testid="review-rate" />
        <span style={{ color: SECONDARY_TEXT }}>{draft.score ? t('stars', { n: draft.score }) : ''}</span>
      </div>
      <label htmlFor={contentId} className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('contentLabel', { title: line.title })}
      </label>
      <Input.TextArea
        id={contentId} data-testid="review-content" rows={4} maxLength={REVIEW_TEXT_MAX} showCount value={draft.content}
        placeholder={t('contentPh', { max: REVIEW_TEXT_MAX })} onChange={(e) => onChange({ ...draft, content: e.target.value })}
      />
      <div>
        <div style={{ color: SECONDARY_TEXT, marginBottom: 6 }}>{t('photos', { max: REVIEW_IMAGES_MAX })}</div>
        <Uploader kind="image" limit={REVIEW_IMAGES_MAX} value={draft.images} onChange={(images) => onChange({ ...draft, images })} />
      </div>
    </div>
  );
}

function ReviewForm({ data }: { data: OrderReviews }) {
  const t = useAfterSaleTexts();
  const shopT = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const client = useQueryClient();
  const scope = useAfterSaleScope();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const open = data.lines.filter((l) => l.review === null);
  const draftOf = (l: Line): Draft => drafts[l.orderItemId] ?? { score: 5, content: '', images: [] };
  const send = useMutation({
    mutationFn: (items: ReviewInput[]) => submitReviews(data.orderId, items),
    onSuccess: (next) => {
      showMessage('success', t('reviewSaved'));
      client.setQueryData([...scope, 'order-reviews', data.orderId], next);
      setDrafts({});
      // The order's 评价 becomes 已评价, the product pages show the review.
      void client.invalidateQueries({ queryKey: scope });
      void client.invalidateQueries({ queryKey: ['product-reviews'] });
    },
    onError: (error) => showMessage('error', failureText(shopT, error, english)),
  });
  const submit = () => {
    const written = open.filter((l) => draftOf(l).content.trim());
    if (written.length === 0) {
      showMessage('warning', t('needText', { title: open[0]!.title }));
      return;
    }
    const unrated = written.find((l) => !draftOf(l).score);
    if (unrated) {
      showMessage('warning', t('needScore', { title: unrated.title }));
      return;
    }
    send.mutate(written.map((l) => {
      const d = draftOf(l);
      return { orderItemId: l.orderItemId, score: d.score, content: d.content.trim(), images: d.images };
    }));
  };
  return (
    <>
      {data.reviewState === 'done' ? <Alert type="success" showIcon title={t('allReviewed')} style={{ marginBottom: 16 }} data-testid="review-all-done" /> : null}
      {data.lines.map((line) => (
        <Panel key={line.orderItemId} testId="review-line">
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
            <Thumb src={line.cover} alt={line.title} size={56} to={productPath(line.prodId)} />
            <div style={{ flex: 1 }}>
              <Link to={productPath(line.prodId)} style={{ color: 'inherit', fontWeight: 500 }}>{line.title}</Link>
            </div>
          </div>
          {line.review ? <ReviewedLine line={line} /> : (
            <DraftLine line={line} draft={draftOf(line)} onChange={(d) => setDrafts((all) => ({ ...all, [line.orderItemId]: d }))} />
          )}
        </Panel>
      ))}
      {open.length ? (
        <div style={{ textAlign: 'right' }}>
          <Button type="primary" size="large" loading={send.isPending} onClick={submit} data-testid="review-submit">{t('submitReviews')}</Button>
        </div>
      ) : null}
    </>
  );
}

export default function ReviewOrderPage() {
  const t = useAfterSaleTexts();
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const query = useQuery({
    queryKey: [...useAfterSaleScope(), 'order-reviews', orderId],
    queryFn: ({ signal }) => getOrderReviews(orderId, { signal }), enabled: valid, retry: false,
  });
  const back = valid
    ? <Link to={`/sub_shop/order_detail/order_detail/${orderId}`}><Button>{t('backToOrder')}</Button></Link>
    : <Link to="/sub_shop/order/order"><Button>{t('backToOrders')}</Button></Link>;
  const frame = (body: ReactNode) => <ShopPage title={t('reviewTitle')} testId="review-order-page" extra={back}>{body}</ShopPage>;
  if (!valid) return frame(<Alert type="warning" showIcon title={t('noOrderId')} />);
  if (query.isPending) return frame(<Panel><Skeleton active /></Panel>);
  if (query.isError) {
    return frame(<Alert type="error" title={t('loadFailed', { message: query.error.message })} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />);
  }
  if (query.data.orderState !== 3) return frame(<Alert type="info" showIcon title={t('notReceived')} data-testid="review-not-received" />);
  return frame(<ReviewForm data={query.data} />);
}
