import { Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { saleListRoutes, type SaleListItem } from '../../../domain/sale-lists.contract';
import { staffRoutes } from '../../../domain/staff.contract';
import { call } from '../../app/api';
import { useModalSubmit } from '../../ui/form-submit';
import { fullName } from '../../ui/format';
import { notify } from '../../ui/notify';

interface Props {
  sale: SaleListItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Section 6: the seller (cosmetologist) of a product sale changes, except on a refunded one (the server says so too). */
export function ChangeSellerModal({ sale, onClose, onSaved }: Props) {
  const [form] = Form.useForm<{ userId: string }>();
  const branchId = sale?.branchId ?? '';
  const { data: cosmetologists = [], isLoading } = useQuery({
    queryKey: ['cosmetologists', branchId],
    queryFn: () => call(staffRoutes.cosmetologists, { params: { branchId } }),
    enabled: Boolean(sale),
  });
  const options = cosmetologists.map((u) => ({ value: u.id, label: fullName(u) }));
  if (sale?.seller && !options.some((o) => o.value === sale.seller!.id)) options.unshift({ value: sale.seller.id, label: fullName(sale.seller) });
  const { modalProps } = useModalSubmit(
    form,
    (raw) => raw as { userId: string },
    async ({ userId }) => {
      await call(saleListRoutes.updateSeller, { params: { id: sale!.id }, body: { userId } });
      notify.success('Vendedor actualizado');
      onSaved();
    },
  );
  return (
    <Modal title={sale ? `Cambiar vendedor de ${sale.orderNumber}` : ''} open={Boolean(sale)} onCancel={onClose} okText="Guardar" {...modalProps}>
      <Form form={form} layout="vertical" initialValues={{ userId: sale?.seller?.id }} preserve={false}>
        <Form.Item name="userId" label="Vendedor" rules={[{ required: true, message: 'Seleccione el vendedor' }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={isLoading} options={options} placeholder="Cosmetóloga" aria-label="Vendedor" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
