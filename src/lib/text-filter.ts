// spec shell §5 "Text filter": user-typed text loses special symbols, brackets and emoji, and a
// notice 暂不支持部分特殊符号 says so — shown for 1.2 s, at most once every 5 s (spec shell §9).
//
// The filter is an allow-list, so a symbol nobody thought of is removed rather than let through.
// Kept:
//   - letters of every script, CJK included (\p{L}), and the non-spacing / spacing combining marks
//     that complete them (\p{Mn}\p{Mc}: accents typed decomposed, Thai and Devanagari vowel signs);
//   - decimal digits of every script (\p{Nd}); not ①, ½ or other number symbols;
//   - space, tab, line breaks and the ideographic space U+3000;
//   - ASCII punctuation  , . ! ? : ; ' " - _ @ / % & + #  (sentences, e-mail, URLs, "C++", "50%");
//   - CJK punctuation    ， 。 ！ ？ 、 ： ； “ ” ‘ ’ … — ·  (the middle dot joins translated names).
// Removed: every bracket ( ) [ ] { } < > （ ） 【 】 《 》 「 」 『 』 〈 〉 〔 〕 ［ ］ ｛ ｝, the other
// symbols ` ~ ^ * = | \ $ ～ ￥ © ™ ° and the like, emoji with their variation selectors (U+FE0E/F,
// which are \p{Mn}), skin tones, zero-width joiners, keycap and tag characters, and control characters.
import { useCallback, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { i18n } from '../i18n/i18n';
import { defineTexts, textsIn } from '../i18n/texts';

/** What filtering did: the text that is left, and whether anything was taken out. */
export interface FilterResult {
  text: string;
  removed: boolean;
}

/** Shows a short notice; `durationSeconds` is how long it stays. */
export type Notify = (text: string, durationSeconds: number) => void;

/** The clock and the notice of a throttled filter, injectable for tests. */
export interface TextFilterPorts {
  /** Milliseconds now; Date.now by default. */
  now?: () => number;
  /** How the notice is shown; an antd warning message (loaded on first use) by default. */
  notify?: Notify;
  /** The language of the notice; the app's i18n language by default. */
  language?: () => string;
}

// spec shell §9: notice 1.2 s, throttle 5 s.
/** How long the notice stays, in seconds. */
export const NOTICE_SECONDS = 1.2;
/** The shortest gap between two notices, in milliseconds. */
export const NOTICE_THROTTLE_MS = 5000;

// The `text-filter` namespace (docs/i18n.md).
const TEXT_FILTER = defineTexts('text-filter', {
  zh: { notice: '暂不支持部分特殊符号' },
  en: { notice: 'Some special symbols are not supported' },
});

// Variation selectors are combining marks (\p{Mn}) but only ever dress up emoji, so they go first.
const NOT_ALLOWED =
  /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]|[^\p{L}\p{Mn}\p{Mc}\p{Nd} \t\n\r\u3000,.!?:;'"\-_@\/%&+#，。！？、：；“”‘’…—·]/gu;

/** Removes special symbols, brackets and emoji (the allow-list above); pure, no notice. */
export function filterText(input: string | null | undefined): FilterResult {
  const source = input ?? '';
  const text = source.replace(NOT_ALLOWED, '');
  return { text, removed: text !== source };
}

/** The notice text in a language ('en', else Chinese). */
export function filterNoticeText(language: string | undefined): string {
  return textsIn(TEXT_FILTER, language ?? 'zh')('notice');
}

// The default notice goes through the app's on-demand antd message, imported lazily so this module
// (used by inputs on light pages) never pulls antd or the feedback holder in.
const defaultNotify: Notify = (text, seconds) => {
  void import('../components/feedback/feedback')
    .then(({ showMessage }) => showMessage('warning', text, seconds))
    .catch((error: unknown) => console.error('Loading the message for the text filter notice failed.', error));
};

/** A filter that also shows the notice when it removed something, at most once every 5 s. */
export function createTextFilter(ports: TextFilterPorts = {}): (input: string | null | undefined) => FilterResult {
  const now = ports.now ?? Date.now;
  const notify = ports.notify ?? defaultNotify;
  const language = ports.language ?? (() => i18n.language);
  let lastNotice: number | null = null;
  return (input) => {
    const result = filterText(input);
    if (result.removed) {
      const at = now();
      if (lastNotice === null || at - lastNotice >= NOTICE_THROTTLE_MS) {
        lastNotice = at;
        notify(filterNoticeText(language()), NOTICE_SECONDS);
      }
    }
    return result;
  };
}

/** The app-wide throttled filter: one notice per 5 s however many inputs are filtering. */
export const filterInput = createTextFilter();

/** Props to spread on an <input>/<textarea> (or antd Input) so typed text is filtered. */
export interface FilteredInputProps {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  onCompositionStart(): void;
  onCompositionEnd(event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }): void;
}

/**
 * A filtered text value for a controlled input: `inputProps` go on the field, `value` is the
 * filtered text. Pinyin is not filtered while an IME is composing, only the text it commits.
 */
export function useFilteredInput(
  initial = '',
  filter: (input: string) => FilterResult = filterInput,
): { value: string; setValue(next: string): void; inputProps: FilteredInputProps } {
  const [value, setRaw] = useState(() => filter(initial).text);
  const composing = useRef(false);
  // Where the caret belongs after a filtered update: React would otherwise put it at the end. A new
  // object each time, so the effect runs even when filtering left the value as it was.
  const [caret, setCaret] = useState<{ field: HTMLInputElement | HTMLTextAreaElement; at: number } | null>(null);

  useLayoutEffect(() => {
    if (caret && caret.field === document.activeElement) caret.field.setSelectionRange(caret.at, caret.at);
  }, [caret]);

  const apply = useCallback(
    (field: HTMLInputElement | HTMLTextAreaElement) => {
      const raw = field.value;
      const result = filter(raw);
      if (result.removed && field.selectionStart !== null) {
        // The allow-list works character by character, so the text before the caret maps alone.
        setCaret({ field, at: filterText(raw.slice(0, field.selectionStart)).text.length });
      }
      setRaw(result.text);
    },
    [filter],
  );

  const setValue = useCallback((next: string) => setRaw(filter(next).text), [filter]);

  const inputProps: FilteredInputProps = {
    value,
    onChange: (event) => {
      if (composing.current) setRaw(event.currentTarget.value);
      else apply(event.currentTarget);
    },
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: (event) => {
      composing.current = false;
      apply(event.currentTarget);
    },
  };
  return { value, setValue, inputProps };
}
