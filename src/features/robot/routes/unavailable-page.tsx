// The AI area's pages a tenant has not enabled (spec learning §2 "AI area": assistant,
// application, pic, text, digital_human, goRecharge). The spec shows nothing of them; rather than a
// dead page, each says plainly that the feature is not enabled here and leads to the chat
// (docs/decisions.md "AI area pages that are not enabled").
import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useRobotTexts, type RobotText } from '../components/robot-texts';

/** The AI features with a page of their own, by the path segment after /robot/. */
export const ROBOT_FEATURES = ['assistant', 'application', 'pic', 'text', 'digital_human', 'goRecharge'] as const;

export default function RobotUnavailablePage() {
  const t = useRobotTexts();
  const segment = useLocation().pathname.split('/')[2] ?? '';
  const feature = (ROBOT_FEATURES as readonly string[]).includes(segment) ? t(`feature_${segment}` as RobotText) : t('title');
  return (
    <Result
      status="info" data-testid="robot-unavailable"
      title={t('featureOff', { feature })} subTitle={t('featureOffHint', { feature })}
      extra={<Link to="/robot/talk"><Button type="primary">{t('backToTalk')}</Button></Link>}
    />
  );
}
