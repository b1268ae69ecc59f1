// The user-information dialog (spec shell §2 "Other components"): one tab, basic info, with the
// profile form and its Close and Save buttons.
import { Modal, Tabs } from 'antd';
import { useInfoTexts } from './info-texts';
import { ProfileForm } from './profile-form';

/** The dialog; `open` shows it, Close or a successful save calls `onClose`. */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useInfoTexts();
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={720} title={t('dialogTitle')} destroyOnHidden data-testid="profile-dialog">
      <Tabs items={[{ key: 'basic', label: t('basicInfo'), children: <ProfileForm onClose={onClose} onSaved={onClose} /> }]} />
    </Modal>
  );
}
