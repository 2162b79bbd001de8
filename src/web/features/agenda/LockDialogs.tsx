import { useEffect } from 'react';
import { Button, Empty, Form, Modal, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { lockSchema } from '../../../domain/agenda';
import { lockRoutes, type AgendaLock } from '../../../domain/agenda.contract';
import { call } from '../../app/api';
import { useCan } from '../../app/privileges';
import { confirmAction } from '../../ui/confirm';
import { FormModal } from '../../ui/FormModal';
import { notify } from '../../ui/notify';
import { LockFields, type LockValues } from './LockFields';
import { confirmLockOverlaps, LOCK_NOT_SAVED } from './lockReview';
import { lockDatesText, lockDaysText, lockReasonText, lockTimesText, lockTypeText } from './lookups';

/** Sets the form's starting values once it is mounted (FormModal owns the form). */
function StartWith({ values }: { values: LockValues }) {
  const form = Form.useFormInstance<LockValues>();
  useEffect(() => {
    form.setFieldsValue(values);
    // only on open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

export function CreateLockModal({
  open,
  onClose,
  branchId,
  date,
  cabins,
}: {
  open: boolean;
  onClose: () => void;
  branchId: string;
  date: string;
  cabins: { id: string; name: string }[];
}) {
  const queryClient = useQueryClient();
  return (
    <FormModal
      title="Crear bloqueo"
      // over the agenda, whose booking form (drawn ahead) has a Cabina and a Fecha too: a label finds the first element of its id
      name="bloqueo"
      open={open}
      onClose={onClose}
      schema={lockSchema}
      okText="Guardar"
      send={async (values) => {
        // the appointments the lock would cover: the user confirms, or goes back to the dialog
        if (!(await confirmLockOverlaps(values))) throw new Error(LOCK_NOT_SAVED);
        await call(lockRoutes.create, { body: values });
        await Promise.all(['diary', 'locks', 'list'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
        return undefined;
      }}
    >
      <StartWith values={{ branchId, date, days: [], time: [], recurrent: false }} />
      <LockFields cabins={cabins} />
    </FormModal>
  );
}

/** The branch's live locks (GET /lock/:branchId), with delete for blockers.delete. */
export function LocksModal({ open, onClose, branchId, branchName }: { open: boolean; onClose: () => void; branchId: string; branchName?: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locks = useQuery({
    queryKey: ['locks', branchId],
    enabled: open && Boolean(branchId),
    queryFn: () => call(lockRoutes.ofBranch, { params: { branchId } }),
  });

  const remove = (l: AgendaLock) =>
    confirmAction({
      title: `¿Eliminar el bloqueo "${lockReasonText(l)}"?`,
      onOk: async () => {
        try {
          await call(lockRoutes.delete, { params: { id: l.id } });
          notify.success();
          await Promise.all(['diary', 'locks', 'list'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
        } catch (err) {
          notify.error(err);
        }
      },
    });

  return (
    <Modal
      title={`Bloqueos${branchName ? ` — ${branchName}` : ''}`}
      open={open}
      onCancel={onClose}
      width={1000}
      footer={[
        can('blockers', 'show') && (
          <Button key="all" icon={<UnorderedListOutlined />} onClick={() => navigate('/dashboard/bloqueos')}>
            Ver todos
          </Button>
        ),
        <Button key="close" type="primary" onClick={onClose}>
          Cerrar
        </Button>,
      ]}
    >
      <Table<AgendaLock>
        rowKey="id"
        size="small"
        loading={locks.isFetching}
        dataSource={locks.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={locks.error ? (locks.error as Error).message : 'Sin bloqueos'} /> }}
        columns={[
          { key: 'type', title: 'Tipo', render: (_, l) => <Tag>{lockTypeText(l)}</Tag> },
          { key: 'reason', title: 'Motivo', render: (_, l) => lockReasonText(l) },
          { key: 'cabin', title: 'Cabina', render: (_, l) => l.cabain?.name ?? 'Todas' },
          { key: 'date', title: 'Fecha', render: (_, l) => lockDatesText(l) },
          { key: 'time', title: 'Horas', render: (_, l) => lockTimesText(l) },
          { key: 'days', title: 'Días', render: (_, l) => lockDaysText(l) },
          { key: 'recurrent', title: 'Recurrente', render: (_, l) => (l.recurrent ? 'Sí' : 'No') },
          {
            key: 'options',
            title: '',
            align: 'right',
            render: (_, l) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {can('blockers', 'edit') && (
                  <Tooltip title="Editar">
                    <Button type="text" icon={<EditOutlined />} aria-label="Editar bloqueo" onClick={() => navigate(`/dashboard/bloqueos/${l.id}`)} />
                  </Tooltip>
                )}
                {can('blockers', 'delete') && (
                  <Tooltip title="Eliminar">
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label="Eliminar bloqueo" onClick={() => remove(l)} />
                  </Tooltip>
                )}
              </span>
            ),
          },
        ]}
      />
    </Modal>
  );
}
