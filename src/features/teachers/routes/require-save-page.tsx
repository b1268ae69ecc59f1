// /pages/require/save (spec learning §2 "Requirements": publish a requirement; §5 "requirement forms:
// not shown": the rules are ours, docs/growth.md): title 2–60, description 10–5000 (sanitised by the
// server on save), category, a budget or 面议, a deadline in the future, up to 9 attachments through
// the uploader. With ?id= it edits my own requirement while it is open.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  getRequirement, REQUIREMENT_CATEGORIES, REQUIREMENT_FILES_MAX, REQUIREMENT_TEXT_MAX, REQUIREMENT_TEXT_MIN, REQUIREMENT_TITLE_MAX,
  REQUIREMENT_TITLE_MIN, requirementPath, saveRequirement, type RequirementCategory, type RequirementDetail, type RequirementFile,
} from '../../../api/teachers';
import { FileAttachments } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { categoryLabel, htmlToText, idParam, PageError, PageFrame, PageLoading, textToHtml, twoDecimals } from '../components/parts';
import { useTeachersTexts, type TeachersTexts } from '../components/texts';
import '../components/teachers.css';

interface Values {
  title: string; category?: RequirementCategory; budgetMode: 'fixed' | 'negotiable'; budget: number | null; deadline: Dayjs | null; description: string;
}

export default function RequireSavePage() {
  const t = useTeachersTexts();
  const [params] = useSearchParams();
  const id = idParam(params);
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const query = useQuery({
    queryKey: ['requirements', tenantId, userId, 'detail', id] as const,
    queryFn: ({ signal }) => getRequirement(id!, { silent: true, signal }), enabled: id !== undefined, retry: false,
  });
  const back = { to: '/pages/require/list', text: t('backToList') };
  if (id !== undefined) {
    if (query.isPending) return <PageLoading testId="requirement-save-loading" />;
    if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} back={back} t={t} />;
    if (!query.data.canEdit) {
      return <PageFrame title={t('editTitle')} testId="requirement-save"><Alert type="warning" title={t('cannotEdit')} action={<Link to={requirementPath(id)}>{query.data.title}</Link>} /></PageFrame>;
    }
  }
  return <SaveForm key={id ?? 'new'} existing={id !== undefined ? query.data : undefined} t={t} />;
}

function SaveForm({ existing, t }: { existing: RequirementDetail | undefined; t: TeachersTexts }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [files, setFiles] = useState<RequirementFile[]>(existing?.attachments ?? []);
  const budgetMode = Form.useWatch('budgetMode', form) ?? (existing && existing.budget === null ? 'negotiable' : 'fixed');
  const save = useMutation({
    mutationFn: (v: Values) => saveRequirement({
      ...(existing ? { id: existing.id } : {}),
      title: v.title.trim(), category: v.category!, description: textToHtml(v.description),
      budget: v.budgetMode === 'negotiable' ? null : v.budget, deadline: v.deadline!.toISOString(), attachments: files,
    }),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: ['requirements'] });
      showMessage('success', existing ? t('saved') : t('published'));
      void navigate(requirementPath(saved.id));
    },
  });
  const initial: Values = existing
    ? {
      title: existing.title, category: existing.category, budgetMode: existing.budget === null ? 'negotiable' : 'fixed', budget: existing.budget,
      deadline: dayjs(existing.deadline), description: htmlToText(existing.description),
    }
    : { title: '', budgetMode: 'fixed', budget: null, deadline: dayjs().add(14, 'day').hour(18).minute(0).second(0), description: '' };
  const textLength = (s: string | undefined) => [...(s ?? '').replace(/\s+/g, ' ').trim()].length;
  return (
    <PageFrame title={existing ? t('editTitle') : t('publishTitle')} testId="requirement-save">
      <Card>
        <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)} style={{ maxWidth: 760 }} data-testid="requirement-form">
          <Form.Item
            name="title" label={t('title')} extra={t('titleHint')}
            rules={[{ validator: async (_, v: string | undefined) => {
              const n = [...(v ?? '').trim()].length;
              if (n < REQUIREMENT_TITLE_MIN || n > REQUIREMENT_TITLE_MAX) throw new Error(t('titleRule'));
            } }]}
          >
            <Input maxLength={REQUIREMENT_TITLE_MAX} showCount data-testid="requirement-title" />
          </Form.Item>
          <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('categoryRule') }]}>
            <Select options={REQUIREMENT_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c, t) }))} data-testid="requirement-category" />
          </Form.Item>
          <Form.Item name="budgetMode" label={t('budgetMode')}>
            <Radio.Group options={[{ value: 'fixed', label: t('budgetFixed') }, { value: 'negotiable', label: t('budgetNegotiable') }]} />
          </Form.Item>
          {budgetMode === 'fixed' ? (
            <Form.Item
              name="budget" label={t('budgetAmount')}
              rules={[{ validator: async (_, v: number | null | undefined) => {
                if (v === null || v === undefined || v < 0 || !twoDecimals(v)) throw new Error(t('budgetRule'));
              } }]}
            >
              <InputNumber min={0} max={9_999_999_999.99} step={100} precision={2} style={{ width: 220 }} data-testid="requirement-budget" />
            </Form.Item>
          ) : null}
          <Form.Item
            name="deadline" label={t('deadline')}
            rules={[{ validator: async (_, v: Dayjs | null) => { if (!v || !v.isAfter(dayjs())) throw new Error(t('deadlineRule')); } }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} data-testid="requirement-deadline" />
          </Form.Item>
          <Form.Item
            name="description" label={t('description')} extra={t('descriptionHint')}
            rules={[{ validator: async (_, v: string | undefined) => {
              const n = textLength(v);
              if (n < REQUIREMENT_TEXT_MIN || n > REQUIREMENT_TEXT_MAX) throw new Error(t('descriptionRule'));
            } }]}
          >
            <Input.TextArea autoSize={{ minRows: 6, maxRows: 20 }} maxLength={REQUIREMENT_TEXT_MAX + 500} data-testid="requirement-description" />
          </Form.Item>
          <div style={{ marginBottom: 8 }}>{t('attachments', { n: REQUIREMENT_FILES_MAX })}</div>
          <FileAttachments value={files} onChange={setFiles} max={REQUIREMENT_FILES_MAX} testId="requirement-files" />
          <Space style={{ marginTop: 24 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="requirement-submit">{existing ? t('save') : t('submitPublish')}</Button>
            <Link to={existing ? requirementPath(existing.id) : '/pages/require/list'}>{t('cancel')}</Link>
          </Space>
        </Form>
      </Card>
    </PageFrame>
  );
}
