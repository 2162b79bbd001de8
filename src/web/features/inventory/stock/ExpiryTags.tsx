import { Space, Tag } from 'antd';
import { expiryColor, type ExpiryColor } from '../../../../domain/inventory';
import { formatIsoDate } from '../../../../domain/inventory';
import { dateInZone } from '../../../../domain/dates';
import { businessTimeZone } from '../../../ui/format';

/** The spec's expiry colours as antd tag colours: danger, warning, alert, okay. */
const TAG_COLORS: Record<ExpiryColor, string> = { danger: 'red', warning: 'orange', alert: 'gold', okay: 'green' };

export const todayHere = () => dateInZone(businessTimeZone());

/** One expiry date as a tag coloured by the days left. */
export function ExpiryTag({ date, suffix }: { date: string | null; suffix?: string }) {
  if (!date) return <Tag>Sin caducidad</Tag>;
  return (
    <Tag color={TAG_COLORS[expiryColor(date, todayHere())]}>
      {formatIsoDate(date)}
      {suffix}
    </Tag>
  );
}

/** The expiry dates of a row's lots. */
export function ExpiryTags({ expiries }: { expiries: { allotment: string; expiresAt: string; quantity: number }[] }) {
  if (!expiries.length) return <span>—</span>;
  return (
    <Space size={[0, 4]} wrap>
      {expiries.map((e) => (
        <span key={e.allotment} title={`Lote ${e.allotment}: ${e.quantity} unidades`}>
          <ExpiryTag date={e.expiresAt} />
        </span>
      ))}
    </Space>
  );
}
