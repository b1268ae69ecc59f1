// The class tools on a class detail (issue 17): links to its comments, sign-in, statistics,
// discussion circle and members with assessment, and the favourite heart. The circle is offered to
// members and teachers only (the server refuses anyone else); my rights come from classesAdminAuth.
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useClassAuth, useFavoriteClass } from '../api/use-class-tools';
import { useToolTexts } from './tools-texts';

/** The heart: favourite or unfavourite the class. */
export function FavoriteHeart({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const auth = useClassAuth(classesId);
  const save = useFavoriteClass(classesId);
  const on = auth.data?.favorite ?? false;
  return (
    <Button
      data-testid="class-favorite" aria-pressed={on} disabled={!auth.data} loading={save.isPending}
      icon={on ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
      onClick={() => save.mutate(!on, { onSuccess: (r) => showMessage('success', t(r.favorite ? 'favoriteDone' : 'unfavoriteDone')) })}
    >
      {t(on ? 'favorited' : 'favorite')}
    </Button>
  );
}

/** The links bar under the class head. */
export function ClassTools({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const auth = useClassAuth(classesId);
  const inCircle = auth.data ? auth.data.isMember || auth.data.isTeacher : false;
  const links = [
    { to: `/classes/userList?classesId=${classesId}`, key: 'comments', text: t('toComments') },
    { to: `/attendance/detail?classesId=${classesId}`, key: 'attendance', text: t('toAttendance') },
    { to: `/classes/statis?classesId=${classesId}`, key: 'statis', text: t('toStatis') },
    ...(inCircle ? [{ to: `/circle/detail/${classesId}`, key: 'circle', text: t('toCircle') }] : []),
    { to: `/classes/memberList?id=${classesId}`, key: 'members', text: t('toMembers') },
  ];
  return (
    <nav aria-label={t('tools')} data-testid="class-tools" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginTop: 24, paddingTop: 16, borderTop: '1px solid var(--portal-border, rgba(0,0,0,0.06))' }}>
      {links.map((l) => (
        <Link key={l.key} to={l.to} data-testid={`class-tool-${l.key}`} style={{ display: 'inline-flex', alignItems: 'center', padding: '4px 15px', border: '1px solid var(--portal-border, #d9d9d9)', borderRadius: 6 }}>
          {l.text}
        </Link>
      ))}
      <span style={{ flex: 1 }} />
      <FavoriteHeart classesId={classesId} />
    </nav>
  );
}
