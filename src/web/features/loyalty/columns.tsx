import { Tag } from 'antd';
import { formatPhone } from '../../../domain/validation';
import type { LoyaltyIdentity } from '../../../domain/loyalty.contract';
import type { ListColumn } from '../../ui/ListPage';

/**
 * The identity columns the three loyalty lists share (section 2, Loyalty-related lists): the we-miss-you row
 * names the tutor's mobile, the customer list (sistema de lealtad) carries the tutor.
 */
export type LoyaltyCustomer = Pick<
  LoyaltyIdentity,
  'id' | 'customerId' | 'name' | 'lastName' | 'motherLastName' | 'gender' | 'email' | 'mobilePhone' | 'points' | 'blackList'
> & { tutorMobilePhone?: string | null; tutor?: { mobilePhone: string | null } | null };

const upper = (s: string | null) => (s ?? '').toUpperCase();
const mobileOf = (c: LoyaltyCustomer) => c.mobilePhone ?? c.tutorMobilePhone ?? c.tutor?.mobilePhone ?? null;

const ellipsis = {
  display: 'inline-block',
  maxWidth: 160,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

export const LOYALTY_PAGE_SIZES = [5, 15, 30, 45, 60];

export const searchFields = [
  { value: 'name', label: 'Nombre' },
  { value: 'phone', label: 'Teléfono' },
  { value: 'email', label: 'Correo' },
  { value: 'customerId', label: 'Número' },
];

export function identityColumns<T extends LoyaltyCustomer>(opts: { points?: boolean; idTitle?: string } = {}): ListColumn<T>[] {
  const cols: (ListColumn<T> | false)[] = [
    { key: 'customerId', title: opts.idTitle ?? 'Número', sortField: 'customerId', width: 100 },
    { key: 'name', title: 'Nombre', sortField: 'name' },
    { key: 'lastName', title: 'Apellido paterno', sortField: 'lastName', render: (c) => upper(c.lastName), text: (c) => upper(c.lastName) },
    { key: 'motherLastName', title: 'Apellido materno', render: (c) => upper(c.motherLastName), text: (c) => upper(c.motherLastName) },
    opts.points === true && { key: 'points', title: 'Puntos', sortField: 'points' },
    {
      key: 'email',
      title: 'Correo',
      sortField: 'email',
      render: (c) =>
        c.email ? (
          <span title={c.email} style={ellipsis}>
            {c.email}
          </span>
        ) : (
          '—'
        ),
      text: (c) => c.email,
    },
    { key: 'gender', title: 'Género', sortField: 'gender', optional: true },
    {
      key: 'mobilePhone',
      title: 'Celular',
      render: (c) => (
        <>
          {formatPhone(mobileOf(c)) || '—'}
          {!c.mobilePhone && mobileOf(c) && <Tag style={{ marginLeft: 6 }}>Tutor</Tag>}
          {c.blackList && (
            <Tag color="red" style={{ marginLeft: 6 }}>
              Lista negra
            </Tag>
          )}
        </>
      ),
      text: (c) => formatPhone(mobileOf(c)),
    },
  ];
  return cols.filter((c): c is ListColumn<T> => Boolean(c));
}
