// The file uploader (spec shell §5 "File upload", §7 "Upload"): antd's Upload for the picker and
// the list, our own uploadFiles (src/api/upload.ts) for the limit, the 100 ms stagger and the
// presigned PUT. `avatar` mode is the profile dialog's avatar (spec shell §2): one round image that
// a new upload replaces.
import { LoadingOutlined, PlusOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { defineTexts, textsIn, useTexts, type TextFn } from '../i18n/texts';
import {
  acceptFor, checkUploadLimit, extensionsFor, isAllowedFile, UPLOAD_LIMIT, uploadFiles, UploadError, type UploadKind,
} from '../api/upload';
import { showAlert, showMessage } from './feedback/feedback';
import './uploader.css';

// The `uploader` namespace (docs/i18n.md), loaded with the forms that upload.
const UPLOADER = defineTexts('uploader', {
  zh: {
    upload: '上传',
    uploadAvatar: '上传头像',
    badType: '{{names}} 的格式不能上传，可上传：{{allowed}}',
    hint: '提示',
    ok: '确定',
  },
  en: {
    upload: 'Upload',
    uploadAvatar: 'Upload avatar',
    badType: '{{names}} cannot be uploaded here; allowed file types: {{allowed}}.',
    hint: 'Hint',
    ok: 'OK',
  },
});

type Texts = TextFn<NonNullable<typeof UPLOADER.keys>>;

export interface UploaderProps {
  /** What may be chosen; the server checks it again (applyCode). */
  kind: UploadKind;
  /** Most files in the list, existing ones included (spec shell §9: default 999; avatar: 1). */
  limit?: number;
  /** The public URLs already uploaded. */
  value?: string[];
  /** Called with every URL in the list after an upload finishes or a file is removed. */
  onChange?(urls: string[]): void;
  mode?: 'list' | 'avatar';
  disabled?: boolean;
}

/** Shows an upload failure: spec shell §8 wants an errorCode 500 answer in an alert with its message. */
export function reportUploadError(error: unknown, t: Texts = textsIn(UPLOADER, 'zh')): void {
  if (error instanceof UploadError && error.reported) return; // the error catalogue showed it
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UploadError && error.alert) showAlert('warning', { title: t('hint'), content: message, okText: t('ok') });
  else showMessage(error instanceof UploadError && error.errorCode === 'LIMIT_EXCEEDED' ? 'warning' : 'error', message);
}

const fileNameOf = (url: string) => decodeURIComponent(url.split('?')[0]!.split('/').pop() || url);

const doneItem = (url: string): UploadFile => ({ uid: url, name: fileNameOf(url), status: 'done', url });

const doneUrls = (items: readonly UploadFile[]) => items.filter((i) => i.status === 'done' && i.url).map((i) => i.url!);

const sameUrls = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((url, i) => url === b[i]);

let nextUid = 0;

/** An antd-based uploader for one kind of file, in list or avatar mode. */
export function Uploader({ kind, limit, value, onChange, mode = 'list', disabled }: UploaderProps) {
  const t = useTexts(UPLOADER);
  const avatar = mode === 'avatar';
  const max = avatar ? 1 : (limit ?? UPLOAD_LIMIT);
  const [items, setItems] = useState<UploadFile[]>(() => (value ?? []).map(doneItem));
  // Upload callbacks arrive after renders; they read and write the list through this ref.
  const itemsRef = useRef(items);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const abortRef = useRef<AbortController | null>(null);

  const commit = (next: UploadFile[], emit: boolean) => {
    const before = doneUrls(itemsRef.current);
    itemsRef.current = next;
    setItems(next);
    const after = doneUrls(next);
    if (emit && !sameUrls(before, after)) onChangeRef.current?.(after);
  };

  // A new value from the parent replaces the finished files; files still uploading stay.
  useEffect(() => {
    const urls = value ?? [];
    if (sameUrls(urls, doneUrls(itemsRef.current))) return;
    commit([...urls.map(doneItem), ...itemsRef.current.filter((i) => i.status !== 'done')], false);
  }, [value]); // commit only touches refs and state, so value is the one dependency

  useEffect(() => {
    const controller = new AbortController();
    abortRef.current = controller;
    return () => controller.abort();
  }, []);

  const patch = (uid: string, change: Partial<UploadFile>, emit = false) =>
    commit(itemsRef.current.map((i) => (i.uid === uid ? { ...i, ...change } : i)), emit);

  const start = (chosen: File[]) => {
    const refused = chosen.filter((f) => !isAllowedFile(f.name, kind));
    if (refused.length) showMessage('warning', t('badType', { names: refused.map((f) => f.name).join(', '), allowed: extensionsFor(kind).join(', ') }));
    // Avatar: the newest choice wins and replaces the current image once it is stored.
    const files = chosen.filter((f) => isAllowedFile(f.name, kind)).slice(avatar ? -1 : undefined);
    if (!files.length) return;
    const existing = avatar ? 0 : itemsRef.current.filter((i) => i.status !== 'error').length;
    // spec shell §5: checked here too (uploadFiles checks again) so that a batch still waiting for
    // its 100 ms turns already counts against the next one.
    const over = checkUploadLimit(files.length, existing, max);
    if (over) {
      showMessage('warning', over);
      return;
    }
    const uids = new Map(files.map((f) => [f, `upload-${++nextUid}`]));
    const waiting = files.map((f): UploadFile => ({ uid: uids.get(f)!, name: f.name, status: 'uploading', percent: 0, size: f.size, type: f.type }));
    commit([...itemsRef.current, ...waiting], false);
    const signal = abortRef.current?.signal;
    uploadFiles(files, existing, {
      applyCode: kind,
      limit: max,
      ...(signal ? { signal } : {}),
      onProgress: (percent, file) => {
        if (!signal?.aborted) patch(uids.get(file)!, { percent });
      },
      onSuccess: (result, file) => {
        if (signal?.aborted) return;
        const uid = uids.get(file)!;
        const stored = { status: 'done' as const, percent: 100, url: result.fileUrl, thumbUrl: result.fileUrl };
        if (avatar) commit(itemsRef.current.filter((i) => i.uid === uid).map((i) => ({ ...i, ...stored })), true);
        else patch(uid, stored, true);
      },
      onError: (error, file) => {
        if (signal?.aborted) return;
        reportUploadError(error, t);
        const uid = uids.get(file)!;
        // Avatar: the old image stays; list: the failed file stays, marked, until removed.
        if (avatar) commit(itemsRef.current.filter((i) => i.uid !== uid), false);
        else patch(uid, { status: 'error', response: error.message, error });
      },
    }).catch((error: unknown) => {
      // Only a refusal of the whole batch (over the limit) lands here; none of it started.
      reportUploadError(error, t);
      const batch = new Set(uids.values());
      if (!signal?.aborted) commit(itemsRef.current.filter((i) => !batch.has(i.uid)), false);
    });
  };

  const remove = (file: UploadFile) => {
    commit(itemsRef.current.filter((i) => i.uid !== file.uid), true);
    return false; // the list is ours (controlled); antd need not remove it again
  };

  const busy = items.some((i) => i.status === 'uploading');
  const full = !avatar && items.filter((i) => i.status !== 'error').length >= max;
  const picture = kind === 'image';

  if (avatar) {
    const current = doneUrls(items)[0];
    return (
      <Upload
        className="uploader uploader-avatar"
        accept={acceptFor(kind)}
        listType="picture-circle"
        showUploadList={false}
        hasControlInside={false} // our trigger is a plain span: antd then makes its wrapper the button
        disabled={disabled || busy}
        beforeUpload={(file, batch) => {
          if (file === batch[batch.length - 1]) start(batch);
          return Upload.LIST_IGNORE;
        }}
      >
        <span className="uploader-avatar-face" title={t('uploadAvatar')}>
          {busy ? <LoadingOutlined /> : current ? <img src={current} alt={t('uploadAvatar')} /> : <UserOutlined aria-label={t('uploadAvatar')} />}
        </span>
      </Upload>
    );
  }

  return (
    <Upload
      className="uploader"
      accept={acceptFor(kind)}
      multiple={max > 1}
      listType={picture ? 'picture-card' : 'text'}
      fileList={items}
      disabled={disabled}
      hasControlInside={!picture} // the card trigger is a plain span; the text trigger is a Button
      // antd offers each chosen file with the whole batch; the batch is started once, by its first
      // file, so the limit is checked on the batch and the stagger spans it (spec shell §5, §7).
      beforeUpload={(file, batch) => {
        if (file === batch[0]) start(batch);
        return Upload.LIST_IGNORE;
      }}
      onRemove={remove}
    >
      {full ? null : picture ? (
        <span className="uploader-card-trigger">
          <PlusOutlined />
          <span>{t('upload')}</span>
        </span>
      ) : (
        <Button icon={<UploadOutlined />} disabled={disabled}>{t('upload')}</Button>
      )}
    </Upload>
  );
}
