import { Type, type Static } from 'typebox';
import { listFields } from '../../src/components/list-props';

/** Props of a subject (topic) list: published subjects of a category. */
export const SubjectListProps = Type.Object(listFields(), { title: '专题列表', description: 'A grid or list of subject cards.' });
export type SubjectListProps = Static<typeof SubjectListProps>;
