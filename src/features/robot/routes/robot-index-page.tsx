// /robot (spec learning §2 "AI area"): redirects to /robot/talk.
import { Navigate } from 'react-router';

export default function RobotIndexPage() {
  return <Navigate to="/robot/talk" replace />;
}
