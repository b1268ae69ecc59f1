// /user/center/study/myInfo: personal information, the profile form of spec shell §2
// ("User-information dialog") as a page; the same form opens as a dialog from the center's menu.
import { useNavigate } from 'react-router';
import { CenterLayout } from '../components/center-layout';
import { useInfoTexts } from '../components/info-texts';
import { ProfileForm } from '../components/profile-form';

export default function MyInfoPage() {
  const t = useInfoTexts();
  const navigate = useNavigate();
  return (
    <CenterLayout title={t('title')} testId="my-info">
      <ProfileForm onClose={() => void navigate(-1)} />
    </CenterLayout>
  );
}
