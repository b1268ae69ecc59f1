// Issue 22: one log line per outage and one per recovery. A connection made before the last
// recovery that dies late (an idle client of the restarted server) is not a second outage, nor is an
// error that names no connection while a fresh probe connects; CI logged two outages for one restart
// both ways (tests/server/outage.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { DatabaseHealth } from '../../server/db/availability';

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

  it('checks an error that names no connection with one probe: reachable is no outage, refused is one', async () => {
    const { h, lines } = health();
    let probes = 0;
    h.setProbe(async () => {
      probes++;
    });
    await Promise.all([h.suspect(new Error('Connection terminated unexpectedly')), h.suspect(new Error('Connection terminated unexpectedly'))]);
    expect(probes, 'one probe for suspicions that arrive together').toBe(1);
    expect(h.isUp()).toBe(true);
    expect(lines).toEqual([]);

    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    h.setProbe(async () => {
      throw refused;
    });
    await h.suspect(new Error('Connection terminated unexpectedly'));
    expect(h.isUp()).toBe(false);
    expect(lines).toEqual([`warn PostgreSQL is unavailable (${refused.message}); calls answer 503 until a connection succeeds again.`]);
    // While down, a suspicion changes nothing and probes nothing.
    await h.suspect(new Error('again'));
    expect(lines).toHaveLength(1);
  });

  it('takes the database for up again only when a probe begun after the outage connects', async () => {
    const { h, lines } = health();
    h.markDown(new Error('terminating connection due to unexpected postmaster exit'));
    // A connection the dying server had already accepted completes: the fresh probe is refused.
    h.setProbe(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    await h.connected();
    expect(h.isUp()).toBe(false);
    h.setProbe(async () => {});
    await h.connected();
    expect(h.isUp()).toBe(true);
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['warn', 'info']);
  });

  it('takes a suspicion as said before a probe exists (start-up)', async () => {
    const { h } = health();
    await h.suspect(new Error('ECONNREFUSED'));
    expect(h.isUp()).toBe(false);
  });

  it('reports the first outage at once, even right after start', () => {
    const { h } = health();
    h.markDown(new Error('ECONNREFUSED'));
    expect(h.isUp()).toBe(false);
  });
});
