import { Alert, Button, Descriptions, Modal, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reschedulesLeft, reschedulesLeftText, UNDO_RESCHEDULE_SECONDS } from '../../../domain/appointment-rules';
import type { AppointmentCard, DiaryCabin } from '../../../domain/agenda.contract';
import { appointmentRoutes, type AppointmentDetail } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { formatCalendarDate, fullName } from '../../ui/format';
import { notify } from '../../ui/notify';
import { movedPayload, rangeAt } from './move';

/** A card dropped on another slot: the move waits for this dialog. */
export interface PendingMove {
  card: AppointmentCard;
  from: DiaryCabin;
  to: DiaryCabin;
  time: string;
}

/** How long the 'Deshacer' message stays (the server honours the undo for UNDO_RESCHEDULE_SECONDS). */
const UNDO_SHOWN_SECONDS = Math.min(10, UNDO_RESCHEDULE_SECONDS);

/**
 * The confirmation of a drag: from → to and the changes left as the edit form shows them. 'Mover' sends the edit
 * form's update (a reschedule, same rules); a refusal shows the server's message and the card stays where it was;
 * a move shows 'Deshacer', which asks the server to undo that reschedule (it gives the change back).
 */
export function MoveDialog({ move, onClose }: { move: PendingMove | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const id = move?.card.id;
  const detail = useQuery({
    queryKey: ['appointment', id],
    queryFn: () => call(appointmentRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    staleTime: 0,
  });
  const a = detail.data && detail.data.id === id ? detail.data : undefined;
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['diary'] }), queryClient.invalidateQueries({ queryKey: ['appointment', id] })]);

  const undo = async (saved: AppointmentDetail) => {
    notify.close(`undo-${saved.id}`);
    try {
      await call(appointmentRoutes.undoReschedule, { params: { id: saved.id } });
      notify.success('Cambio deshecho: la cita volvió a su horario');
    } catch (err) {
      notify.error(err);
    }
    await queryClient.invalidateQueries({ queryKey: ['diary'] });
    await queryClient.invalidateQueries({ queryKey: ['appointment', saved.id] });
  };

  const save = useMutation({
    mutationFn: (m: PendingMove) => call(appointmentRoutes.update, { params: { id: m.card.id }, body: movedPayload(a!, m.to.id, m.time) }),
    onSuccess: async (saved, m) => {
      onClose();
      await refresh();
      notify.action(
        <span data-testid="moved-message">
          Cita {saved.appointmentNumber} movida a {m.to.name} {saved.startTime.slice(0, 5)}.{' '}
          <Button size="small" type="link" onClick={() => void undo(saved)}>
            Deshacer
          </Button>
        </span>,
        UNDO_SHOWN_SECONDS,
        `undo-${saved.id}`,
      );
    },
    onError: async (err) => {
      // the card never left its slot: the refusal is the server's own message
      onClose();
      notify.error(err);
      await refresh();
    },
  });

  const left = a ? reschedulesLeft(a.reschedules) : null;
  return (
    <Modal
      open={Boolean(move)}
      title="¿Mover la cita?"
      okText="Mover"
      cancelText="Cancelar"
      onCancel={onClose}
      onOk={() => move && save.mutate(move)}
      okButtonProps={{ disabled: !a || left === 0, loading: save.isPending }}
      destroyOnHidden
    >
      {move && (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label="Cita">{move.card.appointmentNumber}</Descriptions.Item>
            <Descriptions.Item label="Paciente">{fullName(move.card.customer)}</Descriptions.Item>
            <Descriptions.Item label="Fecha">{formatCalendarDate(move.card.date)}</Descriptions.Item>
            <Descriptions.Item label="De">
              <span data-testid="move-from">
                {move.from.name} · {move.card.startTime.slice(0, 5)} – {move.card.endTime.slice(0, 5)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="A">
              <strong data-testid="move-to">
                {move.to.name} · {a ? rangeAt(move.time, a.term) : move.time}
              </strong>
            </Descriptions.Item>
          </Descriptions>
          {!a ? (
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          ) : (
            <Alert
              type={left ? 'info' : 'warning'}
              showIcon
              data-testid="move-changes-left"
              title={reschedulesLeftText(a.reschedules)}
              description={left ? 'Mover la cita cuenta como un cambio (reagenda).' : undefined}
            />
          )}
        </>
      )}
    </Modal>
  );
}
