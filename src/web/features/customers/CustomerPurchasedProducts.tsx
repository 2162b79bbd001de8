import { useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../domain/dates';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import { useCan } from '../../app/privileges';
import { formatDate } from '../../ui/format';
import { PagedTable } from '../../ui/PagedTable';
import { DETAIL_PAGE_SIZE, DETAIL_PAGE_SIZES, purchasedStatus } from './history';
import { PurchasedFinishModal, type FinishablePurchase } from './PurchasedFinishModal';

const sub = { color: '#666', fontSize: 12 };

type PurchasedProduct = FinishablePurchase;

/** Why a purchased treatment takes no more sessions (the server refuses them too), or null. */
export function finishBlocked(p: PurchasedProduct): string | null {
  if (p.status === 'finished' || p.currentSession >= p.sessions) return 'El tratamiento adquirido ya está terminado';
  if (p.status === 'expired') return 'El tratamiento adquirido está vencido';
  if (p.status !== 'onProcess') return 'El tratamiento adquirido no tiene sesiones disponibles';
  return null;
}

/** The treatments the customer bought and how many sessions they have used; 'Finalizar sesión' gives sessions outside an appointment. */
export function CustomerPurchasedProducts({ customerId }: { customerId: string }) {
  const [finishing, setFinishing] = useState<PurchasedProduct | null>(null);
  const mayFinish = useCan()('dairy', 'edit');
  const queryClient = useQueryClient();
  const finished = async () => {
    setFinishing(null);
    await queryClient.invalidateQueries({ queryKey: ['customer-purchased', customerId] });
  };
  const finishColumn = {
    key: 'actions',
    title: 'Opciones',
    render: (_: unknown, p: PurchasedProduct) => {
      const blocked = finishBlocked(p);
      return (
        <Tooltip title={blocked}>
          <Button size="small" disabled={Boolean(blocked)} onClick={() => setFinishing(p)}>
            Finalizar sesión
          </Button>
        </Tooltip>
      );
    },
  };
  return (
    <>
      <PagedTable<PurchasedProduct>
        rowKey="id"
        path={`/purchased-product/customer/${customerId}`}
        queryKey={['customer-purchased', customerId]}
        pageSize={DETAIL_PAGE_SIZE}
        pageSizes={DETAIL_PAGE_SIZES}
        emptyText="Sin productos adquiridos"
        columns={[
          {
            key: 'treatment',
            title: 'Tratamiento / paquete',
            render: (_, p) => (
              <>
                {p.treatment.name}
                <div style={{ ...sub, whiteSpace: 'normal', maxWidth: 240 }}>
                  {p.package
                    ? `${treatmentTypeLabel(p.treatment.treatmentType.name)} · Paquete: ${p.package.name}`
                    : treatmentTypeLabel(p.treatment.treatmentType.name)}
                </div>
              </>
            ),
          },
          { key: 'sessions', title: 'Sesiones', align: 'center', render: (_, p) => `${p.currentSession} / ${p.sessions}` },
          {
            key: 'status',
            title: 'Estatus',
            render: (_, p) => {
              const s = purchasedStatus[p.status];
              return <Tag color={s?.color}>{s?.label ?? p.status}</Tag>;
            },
          },
          {
            key: 'created',
            title: 'Compra',
            render: (_, p) => (
              <>
                {formatDate(p.created_at)}
                <div style={sub}>{p.order?.orderNumber ?? 'Sin orden'}</div>
              </>
            ),
          },
          { key: 'expiredAt', title: 'Vigencia', render: (_, p) => (p.expiredAt ? dayjs(p.expiredAt).format(DATE_FORMAT) : 'Sin vencimiento') },
          ...(mayFinish ? [finishColumn] : []),
        ]}
      />
      {finishing && <PurchasedFinishModal purchase={finishing} onClose={() => setFinishing(null)} onDone={finished} />}
    </>
  );
}
