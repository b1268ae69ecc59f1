// The price range filter of the product lists (spec learning §5 "Provider price range": 'please
// enter the correct price range'), shared by the provider and school pages and the lists by category
// (issue 20 part P moved it here from provider-page.tsx).
import { Button, Input } from 'antd';
import { useEffect, useId, useState } from 'react';
import { SECONDARY_TEXT } from '../../../components/widget-parts';
import { parsePriceRange, useProviderTexts } from './provider-texts';

/** The price range inputs (spec learning §5): applied only when both bounds read as prices in order. */
export function PriceRange({ min, max, onApply }: { min: number | undefined; max: number | undefined; onApply: (range: { minPrice?: number; maxPrice?: number }) => void }) {
  const t = useProviderTexts();
  const [lo, setLo] = useState(min === undefined ? '' : String(min));
  const [hi, setHi] = useState(max === undefined ? '' : String(max));
  const [wrong, setWrong] = useState(false);
  const errorId = useId();
  useEffect(() => {
    setLo(min === undefined ? '' : String(min));
    setHi(max === undefined ? '' : String(max));
  }, [min, max]);
  const apply = () => {
    const range = parsePriceRange(lo, hi);
    setWrong(range === null);
    if (range) onApply(range);
  };
  const field = { style: { width: 120 }, inputMode: 'decimal' as const, 'aria-invalid': wrong || undefined, 'aria-describedby': wrong ? errorId : undefined, onPressEnter: apply };
  return (
    <div role="group" aria-label={t('priceRange')} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <span style={{ color: SECONDARY_TEXT }}>{t('priceRange')}</span>
      <Input {...field} aria-label={t('minPrice')} placeholder={t('minPh')} prefix="¥" value={lo} onChange={(e) => setLo(e.target.value)} data-testid="price-min" />
      <span aria-hidden>–</span>
      <Input {...field} aria-label={t('maxPrice')} placeholder={t('maxPh')} prefix="¥" value={hi} onChange={(e) => setHi(e.target.value)} data-testid="price-max" />
      <Button type="primary" onClick={apply} data-testid="price-apply">{t('apply')}</Button>
      {min !== undefined || max !== undefined || lo || hi
        ? <Button onClick={() => { setLo(''); setHi(''); setWrong(false); onApply({}); }}>{t('reset')}</Button>
        : null}
      {/* spec learning §5 "Provider price range": the message of a wrong range. */}
      {wrong ? <span id={errorId} role="alert" data-testid="price-range-error" style={{ color: 'var(--portal-error, #cf1322)' }}>{t('badPriceRange')}</span> : null}
    </div>
  );
}

