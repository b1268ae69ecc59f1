// The verification-code button (spec shell §4 "Verification-code button"): enabled at 60; after a
// send it counts down each second and resets to 60 when under 1 (§9: resend wait 60 s).
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { defineTexts, useTexts } from '../i18n/texts';

// The `code-button` namespace (docs/i18n.md), loaded with the forms that use the button.
const CODE_BUTTON = defineTexts('code-button', {
  zh: { send: '获取验证码', resend: '{{n}}秒后重新获取' },
  en: { send: 'Send code', resend: 'Resend in {{n}} s' },
});

/** spec shell §9: verification code resend wait. */
export const RESEND_SECONDS = 60;

/** Sends a code through `send` (which validates the mobile first) and counts down. */
export function CodeButton({ send }: { send: () => Promise<boolean> }) {
  const t = useTexts(CODE_BUTTON);
  const [left, setLeft] = useState(RESEND_SECONDS);
  const [counting, setCounting] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => {
      setLeft((n) => {
        if (n - 1 < 1) {
          setCounting(false);
          return RESEND_SECONDS;
        }
        return n - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const onClick = async () => {
    setBusy(true);
    try {
      if (await send()) setCounting(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button data-testid="send-code" disabled={counting} loading={busy} onClick={() => void onClick()} style={{ minWidth: 128 }}>
      {counting ? t('resend', { n: left }) : t('send')}
    </Button>
  );
}
