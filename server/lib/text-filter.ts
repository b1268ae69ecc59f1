// spec learning §5 / spec shell §5 "Text filter": user text loses special symbols, brackets and
// emoji. The server applies the same allow-list as the client's src/lib/text-filter.ts (the server
// never imports src/, DESIGN "Layout"); tests/server/social.test.ts checks that both agree on the
// same samples, so a change to one without the other fails. Without brackets no text can carry
// markup, so what is stored is plain text whatever a client sends.

// Variation selectors are combining marks (\p{Mn}) but only ever dress up emoji, so they go first.
const NOT_ALLOWED =
  /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]|[^\p{L}\p{Mn}\p{Mc}\p{Nd} \t\n\r\u3000,.!?:;'"\-_@\/%&+#，。！？、：；“”‘’…—·]/gu;

/** The text with every character outside the allow-list removed. */
export function filterUserText(input: string): string {
  return input.replace(NOT_ALLOWED, '');
}

/** Characters as people count them (code points, as PostgreSQL's char_length does). */
export function charCount(text: string): number {
  return [...text].length;
}
