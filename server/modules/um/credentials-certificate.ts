// The certificate PDF (issue 19 part E; spec learning §7 POST /dataapi/tool/generateCertificate;
// docs/growth.md "Credentials"): one A4 landscape page with the title, the holder's name, the text,
// the issuer, the dates, the verification code and a QR code of the public verification URL. The
// font is Noto Sans SC from npm (@expo-google-fonts/noto-sans-sc), embedded as a subset, so the
// file stays small and any reader shows the Chinese text without fonts of its own.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { evenGlyphFontkit, fontBytes, printedDate, wrapText } from '../../lib/pdf-text';

// The font helpers live in the kernel (server/lib/pdf-text.ts); the tests and callers still find them here.
export { evenGlyphFontkit, printedDate, wrapText };

/** What is printed; every text as the holder's certificate has it. */
export interface CertificateContent {
  title: string;
  holderName: string;
  body: string;
  issuer: string;
  issuedAt: Date;
  expiresAt: Date | null;
  code: string;
  /** The full verification URL the QR code carries. */
  verifyUrl: string;
  state: 'valid' | 'expired' | 'revoked';
}

/** The printed labels, in the tenant's language. */
const LABELS = {
  zh: {
    certifies: '兹证明', code: '证书编号', issued: '发证日期', expires: '有效期至', never: '长期有效', issuer: '发证机构',
    scan: '扫码验证证书', expired: '本证书已过期', revoked: '本证书已撤销',
  },
  en: {
    certifies: 'This is to certify that', code: 'Certificate no.', issued: 'Issued on', expires: 'Valid until', never: 'No expiry', issuer: 'Issued by',
    scan: 'Scan to verify', expired: 'This certificate has expired', revoked: 'This certificate has been revoked',
  },
} as const;

const INK = rgb(0.13, 0.16, 0.22);
const MUTED = rgb(0.4, 0.43, 0.5);
const ACCENT = rgb(0.12, 0.31, 0.55);
const GOLD = rgb(0.72, 0.56, 0.2);
const ALERT = rgb(0.7, 0.12, 0.12);

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** Shrinks a size until the text fits the width (a long name or title stays on one line). */
function fitSize(font: PDFFont, text: string, size: number, width: number, min = 12) {
  let s = size;
  while (s > min && font.widthOfTextAtSize(text, s) > width) s -= 1;
  return s;
}

/** Renders the certificate; the bytes of a one-page PDF. */
export async function renderCertificate(c: CertificateContent, lang: 'zh' | 'en', timeZone: string): Promise<Uint8Array> {
  const t = LABELS[lang];
  const doc = await PDFDocument.create();
  doc.registerFontkit(evenGlyphFontkit);
  const bytes = await fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(`${c.title} · ${c.holderName}`);
  doc.setAuthor(c.issuer);
  doc.setSubject(`${t.code} ${c.code}`);
  doc.setCreator('Study portal');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(c.issuedAt);

  // A4 landscape.
  const page = doc.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 18, y: 18, width: width - 36, height: height - 36, borderColor: ACCENT, borderWidth: 5 });
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: GOLD, borderWidth: 1.2 });

  centred(page, c.issuer, height - 78, regular, 13, MUTED);
  const titleSize = fitSize(bold, c.title, 34, width - 160);
  centred(page, c.title, height - 132, bold, titleSize, ACCENT);
  page.drawLine({ start: { x: width / 2 - 60, y: height - 148 }, end: { x: width / 2 + 60, y: height - 148 }, thickness: 1.5, color: GOLD });

  centred(page, t.certifies, height - 188, regular, 14, MUTED);
  const nameSize = fitSize(bold, c.holderName, 30, width - 200);
  centred(page, c.holderName, height - 232, bold, nameSize);
  const nameWidth = Math.max(160, bold.widthOfTextAtSize(c.holderName, nameSize) + 40);
  page.drawLine({ start: { x: (width - nameWidth) / 2, y: height - 242 }, end: { x: (width + nameWidth) / 2, y: height - 242 }, thickness: 0.8, color: INK });

  const bodySize = 14;
  const lines = wrapText(c.body, width - 220, (s) => regular.widthOfTextAtSize(s, bodySize)).slice(0, 6);
  lines.forEach((line, i) => centred(page, line, height - 282 - i * 24, regular, bodySize));

  // The details, bottom left; the issuer's line, bottom centre; the QR code, bottom right.
  const details: Array<[string, string]> = [
    [t.code, c.code],
    [t.issued, printedDate(c.issuedAt, lang, timeZone)],
    [t.expires, c.expiresAt ? printedDate(c.expiresAt, lang, timeZone) : t.never],
  ];
  details.forEach(([label, value], i) => {
    const y = 128 - i * 22;
    page.drawText(label, { x: 64, y, size: 11, font: regular, color: MUTED });
    page.drawText(value, { x: 64 + Math.max(...details.map(([l]) => regular.widthOfTextAtSize(l, 11))) + 12, y, size: 11, font: regular, color: INK });
  });
  centred(page, lang === 'en' ? `${t.issuer}: ${c.issuer}` : `${t.issuer}：${c.issuer}`, 84, regular, 12);
  centred(page, printedDate(c.issuedAt, lang, timeZone), 64, regular, 11, MUTED);

  // Level L: the URL fits a small version, so at the printed size each module is larger and easier to scan.
  // One byte-mode segment: every scanner reads it, and the URL stays exactly as written.
  const qr = await QRCode.toBuffer([{ data: Buffer.from(c.verifyUrl, 'utf8'), mode: 'byte' }], { type: 'png', errorCorrectionLevel: 'L', margin: 1, width: 240, color: { dark: '#1f2937', light: '#ffffff' } });
  const qrImage = await doc.embedPng(qr);
  const qrSize = 92;
  page.drawImage(qrImage, { x: width - 64 - qrSize, y: 70, width: qrSize, height: qrSize });
  const scanWidth = regular.widthOfTextAtSize(t.scan, 10);
  page.drawText(t.scan, { x: width - 64 - qrSize / 2 - scanWidth / 2, y: 54, size: 10, font: regular, color: MUTED });

  if (c.state !== 'valid') {
    const stamp = c.state === 'expired' ? t.expired : t.revoked;
    centred(page, stamp, height - 60, bold, 14, ALERT);
  }
  return doc.save();
}
