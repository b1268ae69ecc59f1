// The cost and balance line where the learner acts (issue 21 "Credits": show both, and a link to
// /robot/goRecharge), and the in-place refusal of a drawing or writing run.
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';

/** "This costs N credits · Balance M · Top up"; the balance only for a signed-in learner. */
export function CreditLine({ costText, balanceText, rechargeText }: { costText: string; balanceText: string | null; rechargeText: string }) {
  return (
    <p className="pic-credits" data-testid="pic-credits">
      <span>{costText}</span>
      {balanceText && <span>{balanceText}</span>}
      {balanceText && <Link to="/robot/goRecharge">{rechargeText}</Link>}
    </p>
  );
}

/** A refused run in place; credits run out add the way to top up. */
export function RunError({ error, text, rechargeText }: { error: unknown; text: (message: string) => string; rechargeText: string }) {
  const message = error instanceof Error ? error.message : String(error);
  const exhausted = error instanceof ApiError && error.errorCode === 'AI_CREDITS_EXHAUSTED';
  return (
    <Alert
      type={exhausted ? 'warning' : 'error'} showIcon role="alert" title={text(message)} data-testid="pic-run-error"
      action={exhausted ? <Link to="/robot/goRecharge"><Button size="small" type="primary">{rechargeText}</Button></Link> : undefined}
    />
  );
}
