import { Button, Space, Tooltip, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { treatmentChangesLeft, treatmentChangesLeftText } from '../../../domain/appointment-rules';
import { appointmentRoutes, type AppointmentDetail, type MissedPurchasedProduct } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { useCan } from '../../app/privileges';

/** The booking form with the missed appointment's branch, cabin, customer and purchased treatment. */
export function rebookUrl(a: Pick<AppointmentDetail, 'branch' | 'cabain'>, pp: Pick<MissedPurchasedProduct, 'id' | 'customerId'>): string {
  const q = new URLSearchParams({ branchId: a.branch.id, cabainId: a.cabain.id, customerId: pp.customerId, purchasedProductId: pp.id });
  return `/dashboard/agenda/crear/?${q.toString()}`;
}

/**
 * "Reagendar" on a cancelled or absent appointment booked against a purchased treatment: the purchased
 * treatment comes from /missed-appointment/{id}/purchased-product; it is offered while sessions remain.
 */
export function RebookButton({ appointment: a }: { appointment: AppointmentDetail }) {
  const can = useCan();
  const navigate = useNavigate();
  const offered = (a.status === 'cancelled' || a.status === 'absence') && Boolean(a.purchasedProductId) && can('dairy', 'create');
  const missed = useQuery({
    queryKey: ['missed-purchased-product', a.id],
    queryFn: () => call(appointmentRoutes.missedPurchased, { params: { id: a.id } }),
    enabled: offered,
    retry: false,
  });
  if (!offered) return null;
  const pp = missed.data;
  const usable = Boolean(pp && pp.status === 'onProcess' && pp.currentSession < pp.sessions && treatmentChangesLeft(pp.changes) > 0);
  const why = missed.error ? (missed.error as Error).message : pp && !usable ? 'El tratamiento adquirido ya no tiene sesiones disponibles' : undefined;
  return (
    <Space size={8} wrap>
      <Tooltip title={why}>
        <Button icon={<CalendarOutlined />} loading={missed.isLoading} disabled={!usable} onClick={() => pp && navigate(rebookUrl(a, pp))}>
          Reagendar
        </Button>
      </Tooltip>
      {pp && pp.status === 'onProcess' && (
        <Typography.Text type={treatmentChangesLeft(pp.changes) > 1 ? 'secondary' : 'warning'} data-testid="treatment-changes-left">
          {treatmentChangesLeftText(pp.changes)}
        </Typography.Text>
      )}
    </Space>
  );
}
