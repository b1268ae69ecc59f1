// Pick a user of the tenant by account or name (role grants, an exam's markers and invigilators).
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { findUsers, type UserPick } from '../api/bank';
import { useBankTexts } from './bank-texts';

export function UserPicker({ id, label, value, onChange }: { id?: string; label?: string; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const t = useBankTexts();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<UserPick[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const term = text.trim();
    if (!term) return;
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      findUsers(term).then((users) => { if (live) setOptions(users); }).catch(() => undefined).finally(() => { if (live) setLoading(false); });
    }, 250);
    return () => { live = false; clearTimeout(timer); };
  }, [text]);
  return (
    <Select id={id} {...(label ? { 'aria-label': label } : {})} showSearch filterOption={false} allowClear value={value} onChange={onChange} onSearch={setText} placeholder={t('findUser')} style={{ width: 220 }}
      notFoundContent={loading ? <Spin size="small" /> : null} data-testid="user-picker"
      options={options.map((u) => ({ value: u.userId, label: `${u.name} (${u.account})` }))} />
  );
}
