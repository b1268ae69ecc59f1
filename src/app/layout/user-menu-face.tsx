// What the navbar's user menu shows: the avatar (or a person icon), the name and the down arrow.
// Both the menu's button (signed-in-menu.tsx) and the placeholder while its code loads
// (user-menu.tsx) show it, so the navbar keeps its width when the menu arrives: a narrower
// placeholder made the row refit and move 更多 from under a pointer that had just reached it.
import { DownOutlined, UserOutlined } from './shell-icons';
import { useUserStore } from '../../stores/user-store';

/** The avatar or icon, the name and the arrow of the signed-in user's menu. */
export function UserMenuFace({ name }: { name: string }) {
  const avatar = useUserStore((s) => s.userInfo?.avatarImg);
  return (
    <>
      {avatar ? <img className="portal-navbar__avatar" src={avatar} alt="" width={28} height={28} /> : <UserOutlined />}
      <span className="portal-navbar__user-name">{name}</span>
      <DownOutlined />
    </>
  );
}
