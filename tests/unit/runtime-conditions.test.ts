import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '../../src/runtime/conditions';
import type { ViewerFacts } from '../../src/runtime/widget-definition';

const guest: ViewerFacts = { audience: 'guest' };
const learner: ViewerFacts = {
  audience: 'learner', enrolled: { course: [1, '2'] }, finishedCourses: ['7'], openExams: [5], cartCount: 2,
};

describe('evaluateCondition', () => {
  it('shows blocks without a condition to everyone', () => {
    expect(evaluateCondition(undefined, guest)).toBe(true);
  });

  it('matches the audience, given as one value or a list', () => {
    expect(evaluateCondition({ audience: 'guest' }, guest)).toBe(true);
    expect(evaluateCondition({ audience: 'guest' }, learner)).toBe(false);
    expect(evaluateCondition({ audience: ['learner', 'teacher'] }, learner)).toBe(true);
    expect(evaluateCondition({ audience: ['learner', 'teacher'] }, guest)).toBe(false);
  });

  it('checks enrolment, finished courses and open exams, comparing ids as text', () => {
    expect(evaluateCondition({ enrolled: { kind: 'course', id: '1' } }, learner)).toBe(true);
    expect(evaluateCondition({ enrolled: { kind: 'course', id: 2 } }, learner)).toBe(true);
    expect(evaluateCondition({ enrolled: { kind: 'classes', id: 1 } }, learner)).toBe(false);
    expect(evaluateCondition({ finishedCourse: 7 }, learner)).toBe(true);
    expect(evaluateCondition({ examWindowOpen: 6 }, learner)).toBe(false);
  });

  it('treats an unknown cart as failing either cart condition', () => {
    expect(evaluateCondition({ cartNotEmpty: true }, learner)).toBe(true);
    expect(evaluateCondition({ cartNotEmpty: false }, learner)).toBe(false);
    expect(evaluateCondition({ cartNotEmpty: true }, guest)).toBe(false);
    expect(evaluateCondition({ cartNotEmpty: false }, guest)).toBe(false);
  });

  it('requires every listed fact', () => {
    expect(evaluateCondition({ audience: 'learner', finishedCourse: 8 }, learner)).toBe(false);
  });
});
