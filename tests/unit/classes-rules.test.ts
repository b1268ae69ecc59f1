// The class enrolment rules (server/modules/train/classes-rules.ts) at their edges: the instant a
// class starts and ends, the last seat, invitation classes, and the masked member names.
import { describe, expect, it } from 'vitest';
import { cancelRefusal, classState, enrolRefusal, maskName, quitRefusal, seatsLeft, type ClassFacts } from '../../server/modules/train/classes-rules';

const START = new Date('2026-12-01T01:00:00Z');
const END = new Date('2026-12-20T10:00:00Z');
const facts = (over: Partial<ClassFacts> = {}): ClassFacts => ({ startTime: START, endTime: END, enrolLimit: 10, enrolCount: 9, isPublic: true, ...over });
const before = new Date(START.getTime() - 1);
const after = new Date(END.getTime() + 1);
const code = (e: { errorCode: string } | null) => e?.errorCode ?? null;

describe('class rules', () => {
  it('follows the dates: enrolling before the start, in progress from the start to the end inclusive, then finished', () => {
    expect([classState(facts(), before), classState(facts(), START), classState(facts(), END), classState(facts(), after)]).toEqual([1, 2, 2, 3]);
  });

  it('enrols until the class finishes, within the seats, once, and by invitation only when not public', () => {
    expect(enrolRefusal(facts(), null, before)).toBeNull();
    expect(enrolRefusal(facts(), null, END)).toBeNull();
    expect(code(enrolRefusal(facts(), null, after))).toBe('CLASSES_FINISHED');
    expect(code(enrolRefusal(facts({ enrolCount: 10 }), null, before))).toBe('CLASSES_FULL');
    expect(enrolRefusal(facts({ enrolLimit: null, enrolCount: 5000 }), null, before)).toBeNull();
    expect(code(enrolRefusal(facts(), 1, before))).toBe('ALREADY_ENROLLED');
    expect(enrolRefusal(facts(), 2, before)).toBeNull();
    expect(code(enrolRefusal(facts({ isPublic: false }), null, before))).toBe('CLASSES_INVITE_ONLY');
    expect(enrolRefusal(facts({ isPublic: false }), 3, START)).toBeNull();
  });

  it('cancels only before the start and quits only while it runs, and only when enrolled', () => {
    expect(cancelRefusal(facts(), 1, before)).toBeNull();
    expect(code(cancelRefusal(facts(), 1, START))).toBe('CLASSES_STARTED');
    expect(code(cancelRefusal(facts(), 2, before))).toBe('NOT_ENROLLED');
    expect(code(quitRefusal(facts(), 1, before))).toBe('CLASSES_NOT_STARTED');
    expect(quitRefusal(facts(), 1, START)).toBeNull();
    expect(code(quitRefusal(facts(), 1, after))).toBe('CLASSES_FINISHED');
    expect(code(quitRefusal(facts(), null, START))).toBe('NOT_ENROLLED');
  });

  it('counts seats left and never below zero', () => {
    expect(seatsLeft(facts())).toBe(1);
    expect(seatsLeft(facts({ enrolCount: 12 }))).toBe(0);
    expect(seatsLeft(facts({ enrolLimit: null }))).toBeNull();
  });

  it('masks names after their first character, at most three stars', () => {
    expect(['李小明', '小李', 'Alex Learner', 'A', '', null, '  王 '].map(maskName)).toEqual(['李**', '小*', 'A***', 'A*', '***', '***', '王*']);
    expect(maskName('😀abc')).toBe('😀***');
  });
});
