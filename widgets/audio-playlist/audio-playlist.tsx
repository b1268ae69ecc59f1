import type { WidgetProps } from '../../src/runtime/widget-definition';
import type { Paged } from '../../src/api/client';
import type { ContentItem } from '../../src/api/catalogue';
import { WidgetSection } from '../../src/components/card-grid';
import { dataStateView, formatDuration, PLACEHOLDER_FILL, RowsSkeleton, safeImageSrc, scaled, SECONDARY_TEXT, SPLIT_LINE } from '../../src/components/widget-parts';
import { headingOf, widgetTexts, widgetText } from '../../src/components/widget-texts';
import { contentPage, playAudio, type AudioTrack } from '../../src/lib/audio-handoff';
import type { AudioPlaylistProps } from '../../schemas/widgets/audio-playlist';

/** A content row as the floating player's track. */
export function toTrack(item: ContentItem): AudioTrack {
  return { id: item.id, title: item.title, mediaUrl: item.mediaUrl, cover: item.cover, author: item.author, duration: item.duration, purpose: item.purpose, ...contentPage(item.id, item.purpose) };
}

// A white glyph on a fixed blue circle (6.2:1 in both styles; the circle is 3:1 on the dark page).
const playButton = {
  flex: 'none', width: 32, height: 32, borderRadius: '50%', border: 0, cursor: 'pointer',
  background: '#0958d9', color: '#fff', fontSize: 12, display: 'flex', alignItems: 'center', justifyContent: 'center',
} as const;

export default function AudioPlaylist({ props, ctx, data }: WidgetProps<AudioPlaylistProps, Paged<ContentItem>>) {
  const { locale } = widgetTexts(ctx.locale);
  const state = dataStateView(data, locale, <RowsSkeleton rows={Math.min(props.count, 6)} avatar={props.showCover} locale={locale} />, (page) => page.list.length > 0);
  const items = (data.data?.list ?? []).slice(0, props.count);
  const tracks = items.map(toTrack);
  return (
    <WidgetSection title={headingOf(locale, props.title, 'audio-playlist')} more={props.more} locale={locale}>
      {state ?? (
        <ol className="w-audio-playlist" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, index) => {
            const cover = props.showCover ? safeImageSrc(item.cover) : undefined;
            return (
              <li key={item.id} data-content-id={item.id} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 0', borderBottom: SPLIT_LINE }}>
                {props.showCover && (cover
                  ? <img src={cover} alt="" loading="lazy" decoding="async" style={{ width: 48, height: 48, borderRadius: 6, objectFit: 'cover', flex: 'none' }} />
                  : <span aria-hidden="true" style={{ width: 48, height: 48, borderRadius: 6, background: PLACEHOLDER_FILL, flex: 'none' }} />)}
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div className="w-audio-title" title={item.title} style={{ fontSize: scaled(15), whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{item.title}</div>
                  <div style={{ fontSize: scaled(12), color: SECONDARY_TEXT }}>
                    {[item.author, item.partCount > 1 ? widgetText(locale, 'parts', { n: item.partCount }) : null].filter(Boolean).join(' · ')}
                  </div>
                </div>
                <time className="w-audio-duration" dateTime={`PT${Math.max(0, Math.round(item.duration))}S`} style={{ flex: 'none', fontSize: scaled(12), color: SECONDARY_TEXT }}>
                  {formatDuration(item.duration)}
                </time>
                <button type="button" aria-label={widgetText(locale, 'play', { title: item.title })} onClick={() => playAudio(tracks, index)} style={playButton}>▶</button>
              </li>
            );
          })}
        </ol>
      )}
    </WidgetSection>
  );
}
