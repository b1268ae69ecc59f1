// Text in generated PDFs (the certificate, issue 19 part E; the order contract, issue 20 part R):
// Noto Sans SC from npm (@expo-google-fonts/noto-sans-sc), embedded as a subset so any reader shows
// Chinese without fonts of its own, a fontkit that subsets it correctly, line wrapping and dates.
// Moved here from server/modules/um/credentials-certificate.ts so two modules can print.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { Fontkit, Subset } from 'pdf-lib/cjs/types/fontkit';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

/** The two font files, read once per process (about 10 MB each; only the glyphs used are embedded). */
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
export function fontBytes() {
  fonts ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error: unknown) => {
      fonts = undefined;
      throw new Error(`The PDF font is missing (${FONT_FILES.regular}); run npm ci so @expo-google-fonts/noto-sans-sc is installed.`, { cause: error });
    });
  return fonts;
}

/**
 * @pdf-lib/fontkit 1.1.1's TrueType subset writes the short `loca` format (offsets halved) without
 * padding glyph records to an even length, so after the first odd-length glyph every later glyph
 * is read from the wrong byte and shows blank (Noto Sans SC lost most of its characters; fixed
 * upstream by foliojs/fontkit#191, never in the fork pdf-lib uses). This fontkit pads each glyph of
 * a subset to an even length, which keeps every halved offset exact.
 */
export const evenGlyphFontkit: Fontkit = {
  create(bytes, postscriptName) {
    const font = fontkit.create(bytes, postscriptName);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as Subset & PaddableSubset;
      const addGlyph = subset._addGlyph;
      // glyf and offset are made by encode(), which calls _addGlyph for every glyph.
      if (typeof addGlyph !== 'function') return subset;
      subset._addGlyph = function padded(this: PaddableSubset, gid: number) {
        const index = addGlyph.call(this, gid);
        const record = this.glyf![index]!;
        if (record.length % 2 === 1) {
          // The bundle's own Buffer class (its streams refuse Node's), zero-filled, one byte longer.
          const padded = (record.constructor as typeof Buffer).alloc(record.length + 1);
          padded.set(record);
          this.glyf![index] = padded;
          this.offset! += 1;
        }
        return index;
      };
      return subset;
    };
    return font;
  },
};

/** The fontkit TrueType subset's own members that evenGlyphFontkit pads. */
interface PaddableSubset {
  _addGlyph?: (gid: number) => number;
  glyf?: Uint8Array[];
  offset?: number;
}

// A CJK character, a run of other non-space characters (a word), or a run of spaces: the places a line may break.
const TOKENS = /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]+|\s+/g;

/** Breaks text into lines no wider than `width`: between CJK characters, or between words. */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of paragraph.match(TOKENS) ?? []) {
      const next = line + token;
      if (line && measure(next.trimEnd()) > width && token.trim()) {
        lines.push(line.trimEnd());
        line = token.trimStart();
      } else {
        line = next;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines.filter((l, i, all) => l || (i > 0 && i < all.length - 1));
}

/** A day as the tenant reads it: 2026年11月27日, or 27 November 2026. */
export function printedDate(date: Date, lang: 'zh' | 'en', timeZone: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date);
}
