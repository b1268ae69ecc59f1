// /mjpic/training (spec learning §2 "Drawing"; issue 21 part E): "training" is saved styles: a
// name, a style description and optional uploaded reference images, used by custom drawing. The
// tenant's presets are read-only; the learner's own are listed, edited and deleted.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Uploader } from '../../../components/uploader';
import { showMessage } from '../../../components/feedback/feedback';
import { loginPath } from '../../../lib/login-path';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { STYLE_NAME_MAX, STYLE_PROMPT_MAX, STYLE_REFERENCES_MAX, useDeleteStyle, useSaveStyle, useStyles, type AiStyle } from '../api/pic';
import { PicHead } from '../components/pic-head';
import { usePicTexts } from '../components/pic-texts';

interface Values {
  name: string;
  prompt: string;
  referenceUrls: string[];
}

function StyleCard({ style, onEdit }: { style: AiStyle; onEdit?: () => void }) {
  const t = usePicTexts();
  const remove = useDeleteStyle();
  return (
    <li className="mjpic-style" data-testid="mjpic-style">
      <h3>{style.name}{style.preset && <Tag>{t('preset')}</Tag>}</h3>
      <p>{style.prompt}</p>
      {style.referenceUrls.length > 0 && (
        <div className="mjpic-style__refs">{style.referenceUrls.map((u, i) => <img key={u} src={u} alt={`${style.name} ${i + 1}`} />)}</div>
      )}
      <div className="gallery-card__actions">
        <Link to={`/mjpic/custom?styleId=${style.id}`}>{t('useStyle')}</Link>
        {onEdit && <Button size="small" type="text" icon={<EditOutlined />} onClick={onEdit}>{t('edit')}</Button>}
        {onEdit && (
          <Popconfirm
            title={t('styleDeleteConfirm', { name: style.name })} description={t('styleDeleteHint')} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(style.id).then(() => showMessage('success', t('styleDeleted')), (e: Error) => showMessage('error', e.message))}
          >
            <Button size="small" type="text" icon={<DeleteOutlined />}>{t('delete')}</Button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}

function StyleDialog({ editing, onClose }: { editing: AiStyle | 'new'; onClose: () => void }) {
  const t = usePicTexts();
  const save = useSaveStyle();
  const [form] = Form.useForm<Values>();
  const initial = editing === 'new' ? { name: '', prompt: '', referenceUrls: [] } : { name: editing.name, prompt: editing.prompt, referenceUrls: editing.referenceUrls };
  const submit = (v: Values) => save.mutate(
    { ...(editing === 'new' ? {} : { id: editing.id }), name: v.name.trim(), prompt: v.prompt.trim(), referenceUrls: v.referenceUrls ?? [] },
    { onSuccess: () => { showMessage('success', t('saved')); onClose(); } },
  );
  return (
    <Modal
      open title={editing === 'new' ? t('newStyle') : t('editStyle')} onCancel={onClose} okText={t('save')} cancelText={t('cancel')}
      onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item name="name" label={t('styleName')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
          <Input maxLength={STYLE_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="prompt" label={t('stylePrompt')} rules={[{ required: true, whitespace: true, message: t('promptRequiredStyle') }]}>
          <Input.TextArea rows={3} maxLength={STYLE_PROMPT_MAX} showCount placeholder={t('stylePromptPlaceholder')} />
        </Form.Item>
        <Form.Item name="referenceUrls" label={t('references', { max: STYLE_REFERENCES_MAX })} extra={t('referencesHelp')} valuePropName="value">
          <Uploader kind="image" limit={STYLE_REFERENCES_MAX} />
        </Form.Item>
      </Form>
      {save.isError && <Alert type="error" showIcon role="alert" title={save.error.message} />}
    </Modal>
  );
}

export default function MjpicTrainingPage() {
  const t = usePicTexts();
  const signedIn = useUserStore(selectSignedIn);
  const styles = useStyles();
  const [editing, setEditing] = useState<AiStyle | 'new' | null>(null);

  let body;
  if (styles.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (styles.isError) {
    body = <Alert type="error" showIcon title={t('loadFailed', { message: styles.error.message })} action={<Button size="small" onClick={() => void styles.refetch()}>{t('retry')}</Button>} />;
  } else {
    const presets = styles.data.filter((s) => s.preset);
    const mine = styles.data.filter((s) => !s.preset);
    body = (
      <>
        <section className="pic-panel">
          <div className="pic-form__actions" style={{ justifyContent: 'space-between', marginBottom: 12 }}>
            <h2 style={{ margin: 0, fontSize: 16 }}>{t('myStyles')}</h2>
            {signedIn && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('newStyle')}</Button>}
          </div>
          {!signedIn ? (
            <Alert type="info" showIcon title={t('signInToSave')} action={<Link to={loginPath('/mjpic/training')}><Button size="small" type="primary">{t('signIn')}</Button></Link>} />
          ) : mine.length === 0 ? <Empty description={t('noMyStyles')} /> : (
            <ul className="mjpic-styles">{mine.map((s) => <StyleCard key={s.id} style={s} onEdit={() => setEditing(s)} />)}</ul>
          )}
        </section>
        <section className="pic-panel">
          <h2>{t('presets')}</h2>
          <ul className="mjpic-styles">{presets.map((s) => <StyleCard key={s.id} style={s} />)}</ul>
        </section>
      </>
    );
  }

  return (
    <div className="pic-page" data-testid="mjpic-training-page">
      <PicHead title={t('trainingTitle')} intro={t('trainingIntro')} />
      {body}
      {editing && <StyleDialog editing={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
