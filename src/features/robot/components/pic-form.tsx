// The drawing form of /robot/pic (simple: a description, a format, how many) and /mjpic/custom
// (advanced: also a saved style, what to avoid, a seed). It says what the tenant must configure
// when its provider cannot draw, shows the cost and balance, keeps the form as it was when a run is
// refused, and shows the new pictures under it.
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loginPath } from '../../../lib/login-path';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import {
  IMAGE_MAX_COUNT, IMAGE_SIZES, NEGATIVE_MAX, PROMPT_MAX, useGenerate, useImageOptions, useStyles, type AiImage, type GenerateInput,
} from '../api/pic';
import { GalleryGrid } from './gallery-grid';
import { CreditLine, RunError } from './pic-credits';
import { usePicTexts } from './pic-texts';

interface Values {
  prompt: string;
  negativePrompt?: string;
  size: string;
  count: number;
  styleId?: number | null;
  seed?: number | null;
}

export function PicForm({ advanced, returnPath }: { advanced: boolean; returnPath: string }) {
  const t = usePicTexts();
  const signedIn = useUserStore(selectSignedIn);
  const [search] = useSearchParams();
  const options = useImageOptions();
  const styles = useStyles();
  const generate = useGenerate();
  const [form] = Form.useForm<Values>();
  const count = Form.useWatch('count', form) ?? 1;
  const [results, setResults] = useState<{ images: AiImage[]; cost: number } | null>(null);
  const initialStyle = Number(search.get('styleId')) || null;

  if (options.isPending) return <div className="pic-panel"><Skeleton active paragraph={{ rows: 6 }} /></div>;
  if (options.isError) {
    return (
      <Alert
        type="error" showIcon title={t('loadFailed', { message: options.error.message })}
        action={<Button size="small" onClick={() => void options.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const o = options.data;
  const canDraw = signedIn && o.images;

  const submit = (v: Values) => {
    const input: GenerateInput = { prompt: v.prompt.trim(), size: v.size, count: v.count };
    if (advanced && v.negativePrompt?.trim()) input.negativePrompt = v.negativePrompt.trim();
    if (advanced && v.styleId) input.styleId = v.styleId;
    if (advanced && typeof v.seed === 'number') input.seed = v.seed;
    generate.mutate(input, { onSuccess: (r) => setResults({ images: r.images, cost: r.cost }) });
  };

  return (
    <>
      {!signedIn && (
        <Alert
          type="info" showIcon title={t('signInToDraw')}
          action={<Link to={loginPath(returnPath)}><Button size="small" type="primary">{t('signIn')}</Button></Link>}
        />
      )}
      {!o.images && <Alert type="warning" showIcon title={t('notConfiguredTitle')} description={o.message} data-testid="pic-not-configured" />}
      <section className="pic-panel" aria-label={advanced ? t('customTitle') : t('picTitle')}>
        <Form<Values>
          form={form} layout="vertical" disabled={!canDraw || generate.isPending} onFinish={submit}
          initialValues={{ prompt: '', size: IMAGE_SIZES[0], count: 1, styleId: initialStyle, seed: null }}
        >
          <Form.Item name="prompt" label={t('prompt')} rules={[
            { required: true, whitespace: true, message: t('promptRequired') },
            { max: PROMPT_MAX, message: t('promptTooLong', { max: PROMPT_MAX }) },
          ]}>
            <Input.TextArea rows={3} maxLength={PROMPT_MAX} showCount placeholder={t('promptPlaceholder')} />
          </Form.Item>
          {advanced && (
            <Form.Item name="negativePrompt" label={t('negative')}>
              <Input.TextArea rows={2} maxLength={NEGATIVE_MAX} showCount placeholder={t('negativePlaceholder')} />
            </Form.Item>
          )}
          <Form.Item name="size" label={t('size')}>
            <Radio.Group optionType="button" options={o.sizes.map((s) => ({ value: s, label: t(`size_${s}` as 'size_1024x1024') }))} />
          </Form.Item>
          <Form.Item name="count" label={t('count')}>
            <Radio.Group optionType="button" options={Array.from({ length: o.maxCount || IMAGE_MAX_COUNT }, (_, i) => ({ value: i + 1, label: String(i + 1) }))} />
          </Form.Item>
          {advanced && (
            <Form.Item name="styleId" label={t('style')}>
              <Select
                loading={styles.isPending} allowClear placeholder={t('noStyle')}
                options={[{ value: null, label: t('noStyle') }, ...(styles.data ?? []).map((s) => ({ value: s.id, label: s.preset ? `${s.name} (${t('preset')})` : s.name }))]}
              />
            </Form.Item>
          )}
          {advanced && (
            <Form.Item name="seed" label={t('seed')} extra={t('seedHelp')}>
              <InputNumber min={0} max={2_147_483_647} precision={0} style={{ width: 220 }} />
            </Form.Item>
          )}
          <div className="pic-form__actions">
            <Button type="primary" htmlType="submit" loading={generate.isPending} disabled={!canDraw}>{generate.isPending ? t('generating') : t('generate')}</Button>
            <CreditLine
              costText={t('cost', { cost: o.price * count, price: o.price })}
              balanceText={o.balance === null ? null : t('balance', { balance: o.balance })} rechargeText={t('recharge')}
            />
          </div>
        </Form>
      </section>
      {generate.isError && <RunError error={generate.error} text={(message) => t('failed', { message })} rechargeText={t('recharge')} />}
      {results && (
        <section className="pic-panel" aria-live="polite" data-testid="pic-results">
          <h2>{t('results')}</h2>
          <p className="pic-credits">{t('generated', { n: results.images.length, cost: results.cost })}</p>
          <GalleryGrid images={results.images} />
        </section>
      )}
    </>
  );
}
