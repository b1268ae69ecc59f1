// The links under an answer: help articles and catalogue items, routed inside the portal by the
// jump rules (spec learning §2 "Jump rules", resolved by <RuntimeLink>).
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { LinkItem } from '../../../../schemas/link';
import { contentLink, knowledgeLink } from '../../../components/catalogue-cards';
import { RuntimeLink } from '../../../runtime/link-view';
import type { RobotLink } from '../api/robot';
import { useRobotTexts, type RobotText } from './robot-texts';

/** spec learning §2: knowledge detail takes purposes 1 (micro-course) and 2 (knowledge). */
const KNOWLEDGE_PURPOSES: ReadonlySet<number> = new Set([1, 2]);

const withId = (link: RobotLink) => (link.id === null ? {} : { id: link.id });

/** Where an answer's link leads, as a settings link (kind link is a plain path: see AnswerLinks). */
export function linkOf(link: RobotLink): LinkItem {
  switch (link.kind) {
    // spec learning §2: help goes to /helpCenter with purpose 99; the id opens the article.
    case 'help': return { linkType: 'help', params: { id: link.id } };
    case 'helpCenter': return { linkType: 'help' };
    case 'course': return { linkType: 'courseDetail', ...withId(link) };
    case 'subject': return { linkType: 'subjectDetail', ...withId(link) };
    case 'exam': return { linkType: 'examDetail', ...withId(link) };
    case 'content': {
      const item = { id: link.id ?? 0, purpose: link.purpose ?? 3 };
      return KNOWLEDGE_PURPOSES.has(item.purpose) ? knowledgeLink(item) : contentLink(item);
    }
    case 'link': return { linkType: 'help' };
  }
}

/** The list of an answer's links, each with its kind. */
export function AnswerLinks({ links }: { links: RobotLink[] }) {
  const t = useRobotTexts();
  if (!links.length) return null;
  return (
    <nav aria-label={t('links')} className="robot-links">
      <ul>
        {links.map((link) => (
          link.kind === 'link' && link.path ? (
            // issue 21 C: a streamed answer's links are portal paths made by the index (docs/ai.md B).
            <li key={`path-${link.path}`} data-testid="robot-link" data-kind={link.kind}>
              <Link to={link.path}>{link.title}</Link>
            </li>
          ) : (
            <li key={`${link.kind}-${link.id ?? 'all'}`} data-testid="robot-link" data-kind={link.kind}>
              <Tag bordered={false}>{t(`kind_${link.kind}` as RobotText)}</Tag>
              <RuntimeLink link={linkOf(link)}>{link.title}</RuntimeLink>
            </li>
          )
        ))}
      </ul>
    </nav>
  );
}
