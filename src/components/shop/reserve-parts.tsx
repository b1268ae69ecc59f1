// Small pieces of reservations (issue 20 part R) the shop's order page and the personal center share.
import { Tag } from 'antd';
import type { ReservationView } from '../../api/reservations';
import { useReserveTexts } from './reserve-texts';

const STATUS_COLORS: Record<ReservationView['status'], string> = { toPay: 'orange', upcoming: 'blue', past: 'default', cancelled: 'default' };

/** A reservation's status as a tag. */
export function ReservationStatusTag({ status }: { status: ReservationView['status'] }) {
  const t = useReserveTexts();
  return <Tag color={STATUS_COLORS[status]} data-testid="reservation-status">{t(`status_${status}`)}</Tag>;
}
