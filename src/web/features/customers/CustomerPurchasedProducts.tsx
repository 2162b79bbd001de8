import { useState } from 'react';
import { Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../domain/dates';
import { api } from '../../app/api';
import { formatDate } from '../../ui/format';
import { DETAIL_PAGE_SIZE, DETAIL_PAGE_SIZES, purchasedStatus, type Page, type PurchasedProduct } from './history';

const sub = { color: '#888', fontSize: 12 };

/** The treatments the customer bought and how many sessions they have used. */
export function CustomerPurchasedProducts({ customerId }: { customerId: string }) {
  const [page, setPage] = useState(1);
  const [take, setTake] = useState(DETAIL_PAGE_SIZE);
  const { data, isFetching, error } = useQuery({
    queryKey: ['customer-purchased', customerId, page, take],
    queryFn: () => api<Page<PurchasedProduct>>(`/purchased-product/customer/${customerId}`, { query: { page, take } }),
  });
  return (
    <Table<PurchasedProduct>
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data?.items ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: error ? (error as Error).message : 'Sin productos adquiridos' }}
      pagination={{
        current: page,
        pageSize: take,
        total: data?.meta.itemCount ?? 0,
        showSizeChanger: true,
        pageSizeOptions: DETAIL_PAGE_SIZES,
        onChange: (p, size) => {
          setPage(size !== take ? 1 : p);
          setTake(size);
        },
      }}
      columns={[
        {
          key: 'treatment',
          title: 'Tratamiento / paquete',
          render: (_, p) => (
            <>
              {p.treatment.name}
              <div style={{ ...sub, whiteSpace: 'normal', maxWidth: 240 }}>{p.package ? `${p.treatment.treatmentType.name} · Paquete: ${p.package.name}` : p.treatment.treatmentType.name}</div>
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
      ]}
    />
  );
}
