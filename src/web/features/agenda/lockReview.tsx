import { Table, Typography } from 'antd';
import type { LockInput } from '../../../domain/agenda';
import { lockRoutes, type LockOverlaps } from '../../../domain/agenda.contract';
import { call } from '../../app/api';
import { formatDate, fullName } from '../../ui/format';
import { modal } from '../../ui/notify';

export const LOCK_NOT_SAVED = 'El bloqueo no se guardó';

const plural = (n: number) => (n === 1 ? '1 cita agendada' : `${n} citas agendadas`);

/** The list the warning shows: patient, date and time, cabin. */
function OverlapList({ overlaps }: { overlaps: LockOverlaps }) {
  return (
    <>
      <Typography.Paragraph>Las citas no se cancelan al guardar el bloqueo: reagéndelas o confírmelas con el paciente.</Typography.Paragraph>
      <Table
        rowKey="id"
        size="small"
        data-testid="lock-overlaps"
        dataSource={overlaps.items}
        pagination={{ pageSize: 5, hideOnSinglePage: true }}
        columns={[
          { key: 'customer', title: 'Paciente', render: (_, a) => fullName(a.customer) },
          { key: 'date', title: 'Fecha', render: (_, a) => formatDate(a.date + 'T12:00:00Z') },
          { key: 'time', title: 'Hora', render: (_, a) => `${a.startTime} – ${a.endTime}` },
          { key: 'cabin', title: 'Cabina', render: (_, a) => a.cabain.name },
        ]}
      />
      {overlaps.total > overlaps.items.length && <Typography.Text type="secondary">Se muestran las primeras {overlaps.items.length}.</Typography.Text>}
    </>
  );
}

/**
 * Before a lock is saved: lists the appointments it would cover and asks. Resolves true to save (nothing covered, or the
 * user confirmed), false to go back to the form. The server's refusals (past lock, validation) reject.
 */
export async function confirmLockOverlaps(body: LockInput): Promise<boolean> {
  const overlaps = await call(lockRoutes.overlaps, { body });
  if (!overlaps.total) return true;
  return new Promise<boolean>((resolve) => {
    modal().confirm({
      title: `El bloqueo se cruza con ${plural(overlaps.total)}`,
      content: <OverlapList overlaps={overlaps} />,
      width: 760,
      okText: 'Guardar de todos modos',
      cancelText: 'Volver',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
