// The cost and the balance where the learner acts (issue 21 "Credits": every AI page shows them),
// and the message with a link to /robot/goRecharge when credits run out. Other parts of the AI
// area put <CreditsCost use="image" units={4} /> beside their run button and <CreditsExhausted />
// where a charged call was refused (isCreditsExhausted).
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { RECHARGE_PATH, useCreditBalance, type CreditUse } from '../api/credits';
import { useCreditsTexts } from './credits-texts';

/** "本次消耗 4 点 · 余额 110 点" (or the free answer line, or the guest line); nothing while loading. */
export function CreditsCost({ use, units = 1, style }: { use: CreditUse; units?: number; style?: React.CSSProperties }) {
  const t = useCreditsTexts();
  const signedIn = useUserStore(selectSignedIn);
  const balance = useCreditBalance();
  if (!signedIn) return <span className="credits-cost" style={style}>{t('guestLine')}</span>;
  if (!balance.data) return null;
  const b = balance.data;
  const free = use === 'answer' && units === 1 && b.freeAnswersLeft > 0;
  const cost = b.prices[use] * units;
  const short = !free && cost > b.balance;
  return (
    <span className="credits-cost" style={style} data-testid="credits-cost" role="status">
      {free ? t('costFree', { n: b.freeAnswersLeft, balance: b.balance }) : t('costLine', { cost, balance: b.balance })}
      {short ? <>{' '}<Link to={RECHARGE_PATH}>{t('goRecharge')}</Link></> : null}
    </span>
  );
}

/** The refusal of a charged call when credits ran out, with the server's numbers and a way to top up. */
export function CreditsExhausted({ message }: { message: string }) {
  const t = useCreditsTexts();
  return (
    <Alert
      type="warning" showIcon title={message} data-testid="credits-exhausted"
      action={<Link to={RECHARGE_PATH}><Button size="small" type="primary">{t('goRecharge')}</Button></Link>}
    />
  );
}
