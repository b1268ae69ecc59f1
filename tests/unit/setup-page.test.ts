// tests/setup-page.ts: what a file leaves in <body> goes at its end, antd's static toast lists stay.
import { afterEach, describe, expect, it } from 'vitest';
import { removeLeftNodes } from '../setup-page';

afterEach(() => {
  document.body.replaceChildren();
});

describe('removeLeftNodes', () => {
  it('keeps antd\'s static message list when it sits right in <body> (it was removed, and later toasts never showed)', () => {
    document.body.innerHTML = '<div class="ant-message ant-message-list"><div class="ant-message-list-content"></div></div><div id="modal">left over</div>';
    const list = document.body.firstElementChild!;
    removeLeftNodes();
    expect(list.isConnected).toBe(true);
    expect(document.getElementById('modal')).toBeNull();
  });

  it('keeps a wrapper holding a notification list, removes everything else', () => {
    document.body.innerHTML = '<div id="wrap"><div class="ant-notification"></div></div><div id="viewer"></div><p>text</p>';
    removeLeftNodes();
    expect([...document.body.children].map((c) => c.id)).toEqual(['wrap']);
  });
});
