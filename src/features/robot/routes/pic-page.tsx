// /robot/pic (spec learning §2 "AI area"; issue 21 part E): describe a picture, choose a format and
// how many, generate; the pictures are kept in the gallery (/mjpic).
import { PicForm } from '../components/pic-form';
import { PicHead } from '../components/pic-head';
import { usePicTexts } from '../components/pic-texts';

export default function PicPage() {
  const t = usePicTexts();
  return (
    <div className="pic-page" data-testid="pic-page">
      <PicHead title={t('picTitle')} intro={t('picIntro')} />
      <PicForm advanced={false} returnPath="/robot/pic" />
    </div>
  );
}
