// The contract PDF (issue 20 part R): A4 portrait pages with the title, the contract and order
// numbers, the filled-in text wrapped over as many pages as it needs, and the signature block (the
// typed name and the confirmation time, or "not confirmed yet"). The font is the kernel's Noto Sans
// SC subset (server/lib/pdf-text.ts), so any reader shows the Chinese text.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { evenGlyphFontkit, fontBytes, printedDate, wrapText } from '../../lib/pdf-text';
import type { ContractView } from '../../../schemas/api/reservations';

const LABELS = {
  zh: { no: '合同编号', order: '订单编号', signer: '乙方（签署人）', confirmed: '确认时间', pending: '尚未确认：本合同在买家确认前不生效。', page: '第 {n} 页' },
  en: { no: 'Contract no.', order: 'Order no.', signer: 'Party B (signed by)', confirmed: 'Confirmed on', pending: 'Not confirmed yet: this contract takes effect once the buyer confirms it.', page: 'Page {n}' },
} as const;

const INK = rgb(0.13, 0.16, 0.22);
const MUTED = rgb(0.4, 0.43, 0.5);
const ALERT = rgb(0.7, 0.12, 0.12);
const A4 = [595.28, 841.89] as const;
const MARGIN = 64;

/** Renders the contract; the bytes of the PDF. */
export async function renderContract(c: ContractView, lang: 'zh' | 'en', timeZone: string): Promise<Uint8Array> {
  const t = LABELS[lang];
  const doc = await PDFDocument.create();
  doc.registerFontkit(evenGlyphFontkit);
  const bytes = await fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(`${c.title} ${c.contractNo}`);
  doc.setSubject(`${t.no} ${c.contractNo}`);
  doc.setCreator('Study portal');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(new Date(c.createdAt));

  const width = A4[0] - MARGIN * 2;
  const pages: PDFPage[] = [];
  let page = doc.addPage([...A4]);
  pages.push(page);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = doc.addPage([...A4]);
    pages.push(page);
    y = A4[1] - MARGIN;
  };
  const line = (text: string, font: PDFFont, size: number, color = INK, gap = 1.6) => {
    if (y - size < MARGIN + 20) newPage();
    page.drawText(text, { x: MARGIN, y: y - size, size, font, color });
    y -= size * gap;
  };

  const titleSize = 20;
  const titleWidth = bold.widthOfTextAtSize(c.title, titleSize);
  page.drawText(c.title, { x: Math.max(MARGIN, (A4[0] - titleWidth) / 2), y: y - titleSize, size: titleSize, font: bold, color: INK });
  y -= titleSize * 2;
  line(`${t.no}: ${c.contractNo}    ${t.order}: ${c.orderNo}`, regular, 10, MUTED, 2.2);

  const size = 11.5;
  for (const paragraph of c.body.split(/\n{2,}/)) {
    for (const text of wrapText(paragraph.trim(), width, (s) => regular.widthOfTextAtSize(s, size))) line(text, regular, size);
    y -= size * 0.6;
  }

  y -= 16;
  if (c.state === 'confirmed' && c.signerName && c.confirmedAt) {
    line(`${t.signer}: ${c.signerName}`, bold, 12);
    line(`${t.confirmed}: ${printedDate(new Date(c.confirmedAt), lang, timeZone)}`, regular, 11);
  } else {
    line(t.pending, bold, 12, ALERT);
  }

  pages.forEach((p, i) => {
    const label = t.page.replace('{n}', String(i + 1));
    p.drawText(label, { x: (A4[0] - regular.widthOfTextAtSize(label, 9)) / 2, y: 32, size: 9, font: regular, color: MUTED });
  });
  return doc.save();
}
