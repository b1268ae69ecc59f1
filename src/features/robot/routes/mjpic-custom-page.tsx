// /mjpic/custom (spec learning §2 "Drawing"; issue 21 part E): drawing with every parameter: what
// to avoid, the format, how many, a saved style (/mjpic/training) and a seed.
import { PicForm } from '../components/pic-form';
import { PicHead } from '../components/pic-head';
import { usePicTexts } from '../components/pic-texts';

export default function MjpicCustomPage() {
  const t = usePicTexts();
  return (
    <div className="pic-page" data-testid="mjpic-custom-page">
      <PicHead title={t('customTitle')} intro={t('customIntro')} />
      <PicForm advanced returnPath="/mjpic/custom" />
    </div>
  );
}
