import { Type, type Static } from 'typebox';
import { listFields } from '../../src/components/list-props';

/** Props of a micro-lesson / knowledge list (contents of purpose 1 and 2). */
export const KnowledgeListProps = Type.Object({
  ...listFields(),
  purpose: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], {
    title: '内容类型', description: '1: micro-lessons only; 2: knowledge only; empty for both.',
  })),
}, { title: '微课知识列表', description: 'A grid or list of micro-lesson and knowledge cards.' });
export type KnowledgeListProps = Static<typeof KnowledgeListProps>;
