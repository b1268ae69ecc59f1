import { Type, type Static } from 'typebox';
import { listFields } from '../../src/components/list-props';

/** Props of a training class list: public classes of a category, optionally of one state. */
export const ClassListProps = Type.Object({
  ...listFields(),
  state: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
    title: '班级状态', description: '1 enrolling (not started), 2 in progress, 3 finished; empty for every state.',
  })),
}, { title: '培训班列表', description: 'A grid or list of public training classes.' });
export type ClassListProps = Static<typeof ClassListProps>;
