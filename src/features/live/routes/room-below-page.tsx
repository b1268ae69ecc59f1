// /chatRoom/txTest/{id}: the same room with the chat under the player (spec learning §2 "Login required"; src/features/live/components/live-room.tsx).
import { LiveRoom } from '../components/live-room';

export default function LiveRoomPage() {
  return <LiveRoom layout="below" />;
}
