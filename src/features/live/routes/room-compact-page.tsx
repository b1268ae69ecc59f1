// /chatRoom/vhallLive/{id}: the same room in one narrow column (chat and notice as tabs) (spec learning §2 "Login required"; src/features/live/components/live-room.tsx).
import { LiveRoom } from '../components/live-room';

export default function LiveRoomPage() {
  return <LiveRoom layout="compact" />;
}
