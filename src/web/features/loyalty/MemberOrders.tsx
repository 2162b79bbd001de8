import { Tabs } from 'antd';
import { useCan } from '../../app/privileges';
import { CustomerDetail, CustomerOrders } from '../customers';
import { fullName } from '../../ui/format';
import { LOYALTY_PAGE_SIZES, type LoyaltyCustomer } from './columns';

/** The member modal of the sistema de lealtad: their orders and cash orders in two tabs. */
export function MemberOrders({ member }: { member: LoyaltyCustomer }) {
  return (
    <div>
      <p style={{ marginTop: 0 }}>
        <strong>{fullName(member)}</strong> · Miembro {member.customerId} · {member.points} puntos
      </p>
      <Tabs
        items={[
          { key: 'orders', label: 'Órdenes', children: <CustomerOrders customerId={member.id} kind="order" pageSize={5} pageSizes={LOYALTY_PAGE_SIZES} /> },
          {
            key: 'cash',
            label: 'Órdenes en efectivo',
            children: <CustomerOrders customerId={member.id} kind="cash" pageSize={5} pageSizes={LOYALTY_PAGE_SIZES} />,
          },
        ]}
      />
    </div>
  );
}

/** The detail of the miembros and we-miss-you lists: the whole customer record where the role reads it, else the member modal. */
export function MemberDetail({ member }: { member: LoyaltyCustomer }) {
  const can = useCan();
  const readsRecord = can('clients', 'show') || can('dairy', 'show') || can('pos', 'show');
  return readsRecord ? <CustomerDetail id={member.id} /> : <MemberOrders member={member} />;
}
