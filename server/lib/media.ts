// Media addresses and their signed links (docs/api.md "Media decode"). A content row stores a base
// address, `media:<folder>/<name>.<ext>`, that names a file in the tenant's media folder
// (MEDIA_DIR/<tenantId>/<folder>/<name>.<ext>) but is not itself playable: the decode call turns it
// into a short-lived same-origin link, `/media/<tenantId>/<path>?exp=<epoch s>&sig=<hex>`, signed
// with the tenant's secret. The folder is never listed and never served without a valid signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { LOCAL_MEDIA_REGION } from '../../schemas/api/cm/media';

/** The scheme of a base address in content.media_url / content_part.media_url. */
export const MEDIA_SCHEME = 'media:';

/** The path media links are served at. */
export const MEDIA_PREFIX = '/media/';

/** The one storage region this server has (the spec's optional `region` of the decode call). */
export const LOCAL_REGION = LOCAL_MEDIA_REGION;

/** Playable extensions and the Content-Type they are served with. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  wav: 'audio/wav', mp3: 'audio/mpeg', m4a: 'audio/mp4', ogg: 'audio/ogg',
  mp4: 'video/mp4', webm: 'video/webm',
  // HLS: the playlist and its fragmented-MP4 init and media segments.
  m3u8: 'application/vnd.apple.mpegurl', m4s: 'video/iso.segment',
};

/** The Content-Type of an HLS playlist: served rewritten, every URI in it signed (signPlaylist). */
export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

// One path segment: letters, digits, '_' and '-', with dots only between them. No '..', no empty
// segment, no leading dot (no hidden files), no '%' (no encoded separators), no backslash.
const SEGMENT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
const MAX_SEGMENTS = 4;
const MAX_PATH = 200;

/** A media path inside a tenant's folder, checked: its segments and the Content-Type to serve it as. */
export interface MediaPath {
  /** `audio/demo-1.wav`: '/'-separated, relative to the tenant's folder. */
  path: string;
  segments: string[];
  contentType: string;
}

/** A checked media path, or undefined for anything that could climb out or is not playable media. */
export function parseMediaPath(path: string): MediaPath | undefined {
  if (path.length === 0 || path.length > MAX_PATH) return undefined;
  const segments = path.split('/');
  if (segments.length < 2 || segments.length > MAX_SEGMENTS || !segments.every((s) => SEGMENT.test(s))) return undefined;
  const name = segments[segments.length - 1]!;
  const dot = name.lastIndexOf('.');
  const contentType = dot > 0 ? MEDIA_TYPES[name.slice(dot + 1).toLowerCase()] : undefined;
  return contentType ? { path, segments, contentType } : undefined;
}

/** The media path a `media:` base address names, or undefined when it is not one (or not safe). */
export function parseMediaAddress(baseUrl: string): MediaPath | undefined {
  return baseUrl.startsWith(MEDIA_SCHEME) ? parseMediaPath(baseUrl.slice(MEDIA_SCHEME.length)) : undefined;
}

/** The base address of a file in a tenant's media folder. */
export function mediaAddress(path: string): string {
  return `${MEDIA_SCHEME}${path}`;
}

/** A tenant's media folder. */
export function tenantMediaDir(mediaDir: string, tenantId: number): string {
  return join(mediaDir, String(tenantId));
}

/**
 * The file of a media path when it exists as a regular file inside the tenant's folder (symbolic
 * links followed, then checked to still be inside), else undefined.
 */
export async function findMediaFile(mediaDir: string, tenantId: number, media: MediaPath): Promise<string | undefined> {
  try {
    const root = await realpath(tenantMediaDir(mediaDir, tenantId));
    const file = await realpath(join(root, ...media.segments));
    if (!file.startsWith(root + sep)) return undefined;
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Hex HMAC-SHA256 with the tenant secret over the tenant, the path and the expiry. */
export function mediaSignature(secret: string, tenantId: number, path: string, expiresAt: number): string {
  // The "media" label keeps these apart from the tenant secret's other HMACs (uploads, SMS codes).
  return createHmac('sha256', secret).update(`media\n${tenantId}\n${path}\n${expiresAt}`).digest('hex');
}

/** The signed same-origin link to a media path. */
export function signedMediaUrl(secret: string, tenantId: number, path: string, expiresAt: number): string {
  return `${MEDIA_PREFIX}${tenantId}/${path}?exp=${expiresAt}&sig=${mediaSignature(secret, tenantId, path, expiresAt)}`;
}

/** A media link's parts as requested, before the signature is checked. */
export interface MediaLink extends MediaPath {
  tenantId: number;
  expiresAt: number;
  sig: string;
}

/** The parts of a requested `/media/...` URL (raw, not decoded), or undefined when malformed. */
export function parseMediaLink(url: string): MediaLink | undefined {
  if (!url.startsWith(MEDIA_PREFIX)) return undefined;
  const q = url.indexOf('?');
  const pathname = q < 0 ? url.slice(MEDIA_PREFIX.length) : url.slice(MEDIA_PREFIX.length, q);
  const slash = pathname.indexOf('/');
  const tenant = /^[1-9]\d{0,14}$/.exec(pathname.slice(0, slash));
  const media = slash > 0 && tenant ? parseMediaPath(pathname.slice(slash + 1)) : undefined;
  if (!media || q < 0) return undefined;
  const query = new URLSearchParams(url.slice(q + 1));
  const exp = query.get('exp') ?? '';
  const sig = query.get('sig') ?? '';
  if (!/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return undefined;
  return { ...media, tenantId: Number(tenant![0]), expiresAt: Number(exp), sig };
}

/** Constant-time check of a link's signature against the tenant secret. */
export function mediaLinkSigned(secret: string, link: MediaLink): boolean {
  const expected = Buffer.from(mediaSignature(secret, link.tenantId, link.path, link.expiresAt), 'hex');
  return timingSafeEqual(expected, Buffer.from(link.sig, 'hex'));
}

/**
 * An HLS playlist with every URI it names (segment lines and `URI="…"` attributes, such as the
 * EXT-X-MAP init segment) replaced by `sign(path)`. URIs are resolved against the playlist's own
 * folder (`dir`, e.g. `video/hls-1`) and must stay inside the tenant's media folder as playable media;
 * anything else (an absolute URL, `..`, a path that is not media) is refused with an error naming
 * the line, so a broken playlist fails loudly instead of playing half.
 */
export function signPlaylist(text: string, dir: string, sign: (path: string) => string): string {
  const resolveUri = (uri: string, line: number): string => {
    const media = /^[A-Za-z][A-Za-z0-9+.-]*:|^\/|\?|#/.test(uri) ? undefined : parseMediaPath(dir ? `${dir}/${uri}` : uri);
    if (!media) throw new Error(`Playlist line ${line} names "${uri}", which is not a media file beside the playlist.`);
    return sign(media.path);
  };
  return text.split(/\r?\n/).map((raw, i) => {
    const line = raw.trim();
    if (line === '') return raw;
    if (line.startsWith('#')) return raw.replace(/URI="([^"]*)"/g, (_, uri: string) => `URI="${resolveUri(uri, i + 1)}"`);
    return resolveUri(line, i + 1);
  }).join('\n');
}
