// The sm service's contract (spec shell §7 "Captcha", §5 "File upload"): the slider captcha and uploads.
// Server routes validate with these; src/api derives its types.
import { Type, type Static } from 'typebox';
import { Envelope, TenantIdParam, EpochSeconds } from '../common';

// --- Slider captcha ---
// TypeBox schemas of the slider-captcha calls (spec shell §7 "Captcha"); format in docs/api.md
// "Slider captcha".
/** GET /sm/api/sysCode/getSlideCaptcha query. The accuracy is the tenant's setting, not a parameter. */
export const GetSlideCaptchaQuery = Type.Object({ tenantId: TenantIdParam });

/** GET /sm/api/sysCode/getSlideCaptcha response: the encoded `key=value;` string. */
export const GetSlideCaptchaResponse = Envelope(Type.String({
  description: 'key=value; pairs, values URI-encoded: uuid, w, h, l, r, L, y, length (slider travel in px), accuracy, bg and block (PNG data URIs).',
}));

/** GET /sm/api/sysCode/checkSlideCaptcha query. */
export const CheckSlideCaptchaQuery = Type.Object({
  tenantId: TenantIdParam,
  uuid: Type.String({ minLength: 1, maxLength: 64, description: 'The uuid of the puzzle from getSlideCaptcha.' }),
  length: Type.Number({ minimum: -1000, maximum: 1000, description: 'Where the piece image\'s left edge was dropped, in px from the left of the background (0 to the travel length).' }),
});

/** GET /sm/api/sysCode/checkSlideCaptcha response: true on pass (spec shell §7: truthy means pass). */
export const CheckSlideCaptchaResponse = Envelope(Type.Boolean({ description: 'true: passed; false: wrong, expired, unknown or already used (message 验证失败，请重试).' }));

// --- Upload ---
// What may be uploaded (spec shell §5 "File upload": kinds image, pdf, word, excel, ppt, video,
// audio, all) and how large it may be; docs/api.md "Upload". The server is the authority: the
// client's accept lists (src/api/upload.ts) only spare the user a round trip.

/** An applyCode the client may send. */
export type UploadKind = 'image' | 'pdf' | 'word' | 'excel' | 'ppt' | 'video' | 'audio' | 'all';

const MB = 1024 * 1024;

/**
 * Extensions per kind with their Content-Type and byte cap. SVG is left out on purpose: it can
 * carry script and would run on our origin when opened from /uploads/.
 */
const KINDS: Record<Exclude<UploadKind, 'all'>, { maxBytes: number; types: Record<string, string> }> = {
  image: { maxBytes: 10 * MB, types: { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } },
  pdf: { maxBytes: 50 * MB, types: { pdf: 'application/pdf' } },
  word: {
    maxBytes: 50 * MB,
    types: { doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  },
  excel: {
    maxBytes: 50 * MB,
    types: { xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  },
  ppt: {
    maxBytes: 50 * MB,
    types: { ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  },
  video: { maxBytes: 500 * MB, types: { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' } },
  audio: { maxBytes: 100 * MB, types: { mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', ogg: 'audio/ogg' } },
};

/** Every applyCode, 'all' last. */
export const UPLOAD_KINDS = [...(Object.keys(KINDS) as Exclude<UploadKind, 'all'>[]), 'all'] as const satisfies readonly UploadKind[];

/** The largest cap of any kind: the PUT route's Fastify bodyLimit. */
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(KINDS).map((k) => k.maxBytes));

/** True for a known applyCode. */
export function isUploadKind(code: string): code is UploadKind {
  return (UPLOAD_KINDS as readonly string[]).includes(code);
}

/** The extensions a kind accepts ('all' accepts every kind's). */
export function extensionsOf(kind: UploadKind): string[] {
  const kinds = kind === 'all' ? Object.values(KINDS) : [KINDS[kind]];
  return kinds.flatMap((k) => Object.keys(k.types));
}

/**
 * Content-Type and byte cap of an extension. Each extension belongs to one kind only, so the cap
 * is the same whether the file was asked for as its own kind or as 'all'.
 */
export function uploadRule(ext: string): { contentType: string; maxBytes: number } | undefined {
  for (const kind of Object.values(KINDS)) {
    const contentType = kind.types[ext];
    if (contentType) return { contentType, maxBytes: kind.maxBytes };
  }
  return undefined;
}

/** The file name's extension, lower-cased, after dropping any folder part; '' when there is none. */
export function extensionOf(fileName: string): string {
  const base = fileName.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()!.trim();
  const dot = base.lastIndexOf('.');
  if (dot < 0) return '';
  const ext = base.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(ext) ? ext : '';
}

/** Messages of the upload calls: full sentences naming the thing and the fix (STYLE). */
export const UploadMessages = {
  unknownKind: (code: string) => `Unknown applyCode "${code}"; use one of ${UPLOAD_KINDS.join(', ')}.`,
  badExtension: (fileName: string, kind: UploadKind) =>
    `"${fileName}" cannot be uploaded as ${kind}; allowed file types: ${extensionsOf(kind).join(', ')}.`,
  noTenant: (tenantId: number) => `No tenant has the id ${tenantId}.`,
  badLink: 'This upload link is not valid; ask for a new one with applyForFileUploading.',
  expired: 'This upload link has expired (links last 10 minutes); ask for a new one with applyForFileUploading.',
  wrongType: (expected: string, got: string) => `Send the file with Content-Type ${expected} (the type this link was signed for), not ${got || 'none'}.`,
  tooLarge: (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / MB)} MB, the most this kind of upload allows; choose a smaller file.`,
  empty: 'The upload is empty; send the file as the request body.',
  notThatType: (expected: string) => `The file's content is not ${expected}, the type this link was signed for; upload the file itself, not a renamed one.`,
  exists: 'A file was already uploaded with this link; ask for a new link to upload another.',
  storeFailed: 'The file could not be stored; please try again later.',
} as const;

export const ApplyUploadQuery = Type.Object({
  tenantId: TenantIdParam,
  applyCode: Type.Optional(Type.String({ maxLength: 16, default: 'image', description: `What is uploaded: ${UPLOAD_KINDS.join(', ')} (default image).` })),
  fileName: Type.String({ minLength: 1, maxLength: 255, description: 'The original file name; only its extension is used.' }),
});

/** The upload result (spec shell §3 "Upload result": uploadUrl, contentType) plus where it will be served. */
export const UploadTicket = Type.Object({
  uploadUrl: Type.String({ description: 'PUT the file here, without a token, before expireTime.' }),
  contentType: Type.String({ description: 'The exact Content-Type the PUT must send.' }),
  fileUrl: Type.String({ description: 'Where the file is served once uploaded.' }),
  maxBytes: Type.Integer({ description: 'The largest body the PUT accepts.' }),
  expireTime: Type.String({ format: 'date-time', description: '10 minutes after the call.' }),
});
export type UploadTicket = Static<typeof UploadTicket>;

export const PutUploadQuery = Type.Object({
  exp: EpochSeconds({ minimum: 0, description: 'Expiry, epoch seconds (signed).' }),
  sig: Type.String({ maxLength: 128, description: 'HMAC-SHA256 hex of key, exp, contentType and maxBytes with the tenant secret.' }),
});

export const PutUploadResult = Type.Object({
  fileUrl: Type.String(),
  size: Type.Integer({ description: 'Bytes stored.' }),
});
