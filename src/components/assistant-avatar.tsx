// An AI assistant's avatar: one of the portal's own (builtin:<name>, an icon on a colour) or an
// image; and an AI application's icon (issue 21 part D). Shared by the learner pages
// (/robot/assistant, /robot/application) and the back office's editor (/sub_admin/aiAssistants).
import {
  BookOutlined, BulbOutlined, CalendarOutlined, CustomerServiceOutlined, EditOutlined, FileTextOutlined, FormOutlined,
  RobotOutlined, SolutionOutlined, StarOutlined, TeamOutlined,
} from '@ant-design/icons';
import './assistant-avatar.css';

type Icon = typeof RobotOutlined;

const AVATARS: Record<string, Icon> = {
  robot: RobotOutlined, teacher: TeamOutlined, advisor: SolutionOutlined, helper: CustomerServiceOutlined, owl: BookOutlined, star: StarOutlined,
};
const ICONS: Record<string, Icon> = {
  plan: CalendarOutlined, quiz: FormOutlined, summary: FileTextOutlined, write: EditOutlined, idea: BulbOutlined, book: BookOutlined,
};

/** The avatar at `size` pixels; `label` names it for screen readers (empty: decorative). */
export function AssistantAvatar({ avatar, size = 48, label = '' }: { avatar: string; size?: number; label?: string }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.5) };
  if (avatar.startsWith('builtin:')) {
    const name = avatar.slice('builtin:'.length);
    const Icon = AVATARS[name] ?? RobotOutlined;
    return (
      <span className={`assistant-avatar assistant-avatar--${AVATARS[name] ? name : 'robot'}`} style={style} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
        <Icon />
      </span>
    );
  }
  return <span className="assistant-avatar" style={style}><img src={avatar} alt={label} /></span>;
}

/** An application's icon, decorative. */
export function ApplicationIcon({ icon, size = 40 }: { icon: string; size?: number }) {
  const Icon = ICONS[icon] ?? BulbOutlined;
  return <span className="assistant-avatar assistant-avatar--robot" style={{ width: size, height: size, fontSize: Math.round(size * 0.5), borderRadius: 10 }} aria-hidden><Icon /></span>;
}
