// /chatRoom/detail/{id}: the room with the chat beside the player (spec learning §2 "Login required"; src/features/live/components/live-room.tsx).
import { LiveRoom } from '../components/live-room';

export default function LiveRoomPage() {
  return <LiveRoom layout="side" />;
}
