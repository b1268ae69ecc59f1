// A grid of generated pictures (issue 21 part E: /mjpic, /robot/pic's results): each opens large in
// the portal's image viewer, downloads, and — for the learner's own — is shown in the showcase or
// taken out, and deleted after a confirmation.
import { DeleteOutlined, DownloadOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tag } from 'antd';
import { openImageViewer } from '../../../components/image-viewer';
import { showMessage } from '../../../components/feedback/feedback';
import { relativeTime } from '../../../lib/relative-time';
import { useDeleteImage, useShareImage, type AiImage } from '../api/pic';
import { usePicTexts } from './pic-texts';

/** The download name: the prompt's first words and the id, with the file's own extension. */
export function downloadName(image: Pick<AiImage, 'id' | 'prompt' | 'mime'>): string {
  const ext = image.mime === 'image/jpeg' ? 'jpg' : image.mime === 'image/webp' ? 'webp' : 'png';
  const words = [...image.prompt.replace(/[\\/:*?"<>|\s]+/g, ' ').trim()].slice(0, 20).join('').trim();
  return `${words || 'ai'}-${image.id}.${ext}`;
}

export function GalleryGrid({ images, showAuthor = false }: { images: readonly AiImage[]; showAuthor?: boolean }) {
  const t = usePicTexts();
  const share = useShareImage();
  const remove = useDeleteImage();
  const viewerImages = images.map((i) => ({ src: i.url, alt: t('imageAlt', { prompt: i.prompt }) }));
  const fail = (error: Error) => showMessage('error', error.message);

  return (
    <ul className="gallery-grid" data-testid="gallery-grid">
      {images.map((image, index) => (
        <li key={image.id} className="gallery-card" data-testid="gallery-card">
          <button type="button" className="gallery-card__open" onClick={() => openImageViewer(viewerImages, index)} aria-label={`${t('open')}: ${image.prompt}`}>
            <img src={image.url} alt={t('imageAlt', { prompt: image.prompt })} loading="lazy" />
          </button>
          <div className="gallery-card__body">
            <p className="gallery-card__prompt" title={image.prompt}>{image.prompt}</p>
            <p className="gallery-card__meta">
              {[
                image.styleName ? t('styleLabel', { name: image.styleName }) : null,
                showAuthor ? t('by', { name: image.author ?? t('anonymous') }) : null,
                relativeTime(image.createdAt),
              ].filter(Boolean).join(' · ')}
              {image.mine && image.shared && !showAuthor ? <Tag color="green" style={{ marginInlineStart: 8 }}>{t('shared')}</Tag> : null}
            </p>
            <div className="gallery-card__actions">
              <Button size="small" type="text" icon={<DownloadOutlined />} href={image.url} download={downloadName(image)} aria-label={`${t('download')}: ${image.prompt}`}>
                {t('download')}
              </Button>
              {image.mine && (
                <Button
                  size="small" type="text" icon={image.shared ? <EyeInvisibleOutlined /> : <EyeOutlined />} loading={share.isPending && share.variables?.id === image.id}
                  onClick={() => share.mutate({ id: image.id, shared: !image.shared }, { onError: fail, onSuccess: (_, v) => showMessage('success', v.shared ? t('shared') : t('unshare')) })}
                >
                  {image.shared ? t('unshare') : t('share')}
                </Button>
              )}
              {image.mine && (
                <Popconfirm
                  title={t('deleteConfirm')} description={t('deleteHint')} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(image.id).then(() => showMessage('success', t('deleted')), fail)}
                >
                  <Button size="small" type="text" icon={<DeleteOutlined />}>{t('delete')}</Button>
                </Popconfirm>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
