// The heading of part E's drawing pages with the links between them (drawing, custom, gallery, styles).
import { NavLink } from 'react-router';
import './pic.css';
import { usePicTexts } from './pic-texts';

const LINKS = [
  { to: '/robot/pic', key: 'picTitle' },
  { to: '/mjpic/custom', key: 'customTitle' },
  { to: '/mjpic', key: 'galleryTitle' },
  { to: '/mjpic/training', key: 'trainingTitle' },
] as const;

export function PicHead({ title, intro }: { title: string; intro?: string }) {
  const t = usePicTexts();
  return (
    <header className="pic-page__head">
      <h1>{title}</h1>
      {intro && <p>{intro}</p>}
      <nav className="pic-page__nav" aria-label={t('nav')}>
        {LINKS.map((l) => <NavLink key={l.to} to={l.to} end>{t(l.key)}</NavLink>)}
      </nav>
    </header>
  );
}
