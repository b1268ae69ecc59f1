// The cart's quantity stepper: −, the number, +. A change is sent when a button is pressed or the
// typed number is committed (Enter or leaving the box); when the server refuses it, the old
// quantity comes back (spec learning §4: a failed cart quantity change restores the old quantity).
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';

export interface QuantityStepperProps {
  value: number;
  /** The most that may be chosen (stock and the 99 limit); raising past it is left to the server's word. */
  max: number;
  disabled?: boolean;
  label: string;
  /** Sends the change; resolves false when it failed (the stepper then shows `value` again). */
  onCommit: (next: number) => Promise<boolean>;
}

export function QuantityStepper({ value, max, disabled = false, label, onCommit }: QuantityStepperProps) {
  const [shown, setShown] = useState<number | null>(value);
  const [busy, setBusy] = useState(false);
  useEffect(() => setShown(value), [value]);

  const commit = async (next: number | null) => {
    if (next === null || !Number.isInteger(next) || next < 1) {
      setShown(value);
      return;
    }
    if (next === value) return;
    setShown(next);
    setBusy(true);
    const done = await onCommit(next);
    setBusy(false);
    if (!done) setShown(value);
  };

  return (
    <Space.Compact size="small" data-testid="quantity-stepper">
      <Button icon={<MinusOutlined />} aria-label={`${label} −1`} disabled={disabled || busy || value <= 1} onClick={() => void commit(value - 1)} />
      <InputNumber
        aria-label={label} data-testid="quantity-input" value={shown} min={1} max={99} controls={false} disabled={disabled || busy}
        precision={0} style={{ width: 56, textAlign: 'center' }}
        onChange={(v) => setShown(typeof v === 'number' ? v : null)}
        onBlur={() => void commit(shown)}
        onPressEnter={() => void commit(shown)}
      />
      <Button icon={<PlusOutlined />} aria-label={`${label} +1`} disabled={disabled || busy || value >= Math.min(99, Math.max(max, 1))} onClick={() => void commit(value + 1)} />
    </Space.Compact>
  );
}
