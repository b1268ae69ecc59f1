// A copy of the peers' anchor page (../shared/bench/anchor-page.js beside the repository), kept here
// so the bench and its unit test work in a clone without it. bench/render.ts prefers the original
// when it is there (ANCHOR_PAGE overrides both).
// The one logical page every contestant renders: N top-level blocks cycling through 5 kinds.
// Plain JSON-serialisable data; each contestant converts it to its own schema format.

// 1x1 grey PNG, shown at 48x48: no network needed.
export const IMG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
// 100 characters.
export const TEXT =
  'Config-driven pages turn JSON into UI. This paragraph is one hundred characters long, give or take.';

export function makePage(n) {
  const blocks = [];
  for (let i = 0; i < n; i++) {
    const id = `b${i}`;
    switch (i % 5) {
      case 0: blocks.push({ id, type: 'title', text: `Title ${i}` }); break;
      case 1: blocks.push({ id, type: 'paragraph', text: `${i}. ${TEXT}` }); break;
      case 2: blocks.push({ id, type: 'image', src: IMG, alt: `Image ${i}` }); break;
      case 3: blocks.push({
        id, type: 'card', title: `Card ${i}`,
        items: [0, 1, 2, 3].map((k) => ({ text: `Item ${k}`, href: `#${id}-${k}`, label: 'open' })),
      }); break;
      default: blocks.push({
        id, type: 'columns', children: [
          { id: `${id}-l`, type: 'title', text: `Column title ${i}` },
          { id: `${id}-r`, type: 'paragraph', text: TEXT },
        ],
      });
    }
  }
  return { blocks };
}

// N comes from the page URL (?n=1000) so one build serves every size.
export const readN = () => Number(new URLSearchParams(location.search).get('n')) || 1000;
