// A searchable picker of the tenant's own rows (courses, contents, exams, classes, tasks) by title,
// for the task and certificate editors; `load` asks the server (20 at most).
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { PickRow } from '../api/task-admin';

export function PickSelect({ id, label, placeholder, load, value, onChange, width = 280 }: {
  id?: string; label: string; placeholder?: string; load: (text: string) => Promise<PickRow[]>;
  value: PickRow | null; onChange: (row: PickRow | null) => void; width?: number;
}) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PickRow[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      load(text.trim()).then((rows) => { if (live) setOptions(rows); }).catch(() => { if (live) setOptions([]); }).finally(() => { if (live) setLoading(false); });
    }, 250);
    return () => { live = false; clearTimeout(timer); };
  }, [text, load]);
  const shown = value && !options.some((o) => o.id === value.id) ? [value, ...options] : options;
  return (
    <Select id={id} aria-label={label} showSearch filterOption={false} allowClear placeholder={placeholder ?? label} style={{ width }}
      value={value?.id} onSearch={setText} notFoundContent={loading ? <Spin size="small" /> : null}
      onChange={(picked: number | undefined) => onChange(shown.find((o) => o.id === picked) ?? null)}
      options={shown.map((o) => ({ value: o.id, label: o.title }))} />
  );
}
