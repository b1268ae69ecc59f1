// Issue 22: one log line per outage and one per recovery. A connection made before the last
// recovery that dies late (an idle client of the restarted server) is not a second outage; CI once
// logged two outages for one restart this way (tests/server/outage.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { DatabaseHealth, STALE_GRACE_MS } from '../../server/db/availability';

function health() {
  const lines: string[] = [];
  const h = new DatabaseHealth({ warn: (m) => lines.push(`warn ${m}`), info: (m) => lines.push(`info ${m}`) });
  return { h, lines };
}

describe('DatabaseHealth', () => {
  it('logs an outage once and the recovery once, however many errors arrive', () => {
    const { h, lines } = health();
    h.markDown(new Error('terminated'));
    h.markDown(new Error('terminated'));
    h.markUp();
    h.markUp();
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['warn', 'info']);
  });

  it('ignores a late error from a connection made before the last recovery (no second outage)', () => {
    vi.useFakeTimers();
    try {
      const { h, lines } = health();
      const oldClient = Date.now();
      vi.advanceTimersByTime(1000);
      h.markDown(new Error('terminated'), oldClient);
      vi.advanceTimersByTime(1000);
      h.markUp();
      vi.advanceTimersByTime(10);
      h.markDown(new Error('Connection terminated unexpectedly'), oldClient);
      expect(h.isUp()).toBe(true);
      expect(lines.filter((l) => l.includes('unavailable'))).toHaveLength(1);
      // A connection made after the recovery failing is a new outage.
      h.markDown(new Error('terminated'), Date.now());
      expect(h.isUp()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes an error that names no connection, just after a recovery, for an old connection\'s; later it is an outage', () => {
    vi.useFakeTimers();
    try {
      const { h, lines } = health();
      h.markDown(new Error('terminated'));
      vi.advanceTimersByTime(5000);
      h.markUp();
      vi.advanceTimersByTime(STALE_GRACE_MS - 100);
      h.markDown(new Error('Connection terminated unexpectedly'));
      expect(h.isUp()).toBe(true);
      vi.advanceTimersByTime(200);
      h.markDown(new Error('Connection terminated unexpectedly'));
      expect(h.isUp()).toBe(false);
      expect(lines.filter((l) => l.includes('unavailable'))).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports the first outage at once, even right after start', () => {
    const { h } = health();
    h.markDown(new Error('ECONNREFUSED'));
    expect(h.isUp()).toBe(false);
  });
});
