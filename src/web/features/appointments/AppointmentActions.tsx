import { useState, type ReactNode } from 'react';
import { Button, ConfigProvider, Select, Space, Switch, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { appointmentStatusLabels, type AppointmentStatus } from '../../../domain/agenda';
import { appointmentRoutes, type AppointmentDetail } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { openDocument } from '../../ui/open-document';
import { useCan } from '../../app/privileges';
import { modal, notify } from '../../ui/notify';
import { CancelModal } from './CancelModal';
import { FinishModal } from './FinishModal';
import { RebookButton } from './RebookButton';
import { leaveWithoutAsking } from '../../ui/unsaved';

interface Props {
  appointment: AppointmentDetail;
  saveButton: ReactNode;
  absences: number;
  /** The agenda day the appointment belongs to. */
  back: string;
}

/** Opens the printable consent in a new tab. */
export const openConsent = (appointmentId: string) => openDocument(`/consent/default/${appointmentId}`, 'text/html');

/** Consent is asked when the treatment requires it and neither the appointment nor the purchased treatment has it. */
export const needsConsent = (a: AppointmentDetail) => Boolean(a.treatment?.consent) && !a.consent && !a.purchasedProduct?.consent;

/** Edit-mode buttons: save (edit), status change (edit), cancel (delete) and the consent page (section 2 and 4). */
export function AppointmentActions({ appointment: a, saveButton, absences, back }: Props) {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [consent, setConsent] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const askConsent = needsConsent(a);
  const consentGiven = Boolean(a.treatment?.consent) && !askConsent;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['appointment', a.id] }),
      queryClient.invalidateQueries({ queryKey: ['diary'] }),
      queryClient.invalidateQueries({ queryKey: ['list'] }),
    ]);
  const live = a.status === 'scheduled' || a.status === 'inProcess';
  // the server's transitions (a scheduled appointment whose start has come may be marked absent);
  // "Cancelada" needs the delete privilege, like the cancel button
  const statuses = a.allowedStatuses.filter((s) => s !== 'cancelled' || can('dairy', 'delete'));
  // the consent switch guards starting and finishing the treatment, not a cancellation or an absence
  const needsSwitch = (s: string) => askConsent && !consent && (s === 'inProcess' || s === 'finished');

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      notify.success();
      await refresh();
    } catch (err) {
      notify.error(err);
    } finally {
      setBusy(false);
    }
  };

  const pick = (status: string) => {
    if (status === 'finished') return setFinishing(true);
    if (status === 'cancelled') return setCancelling(true);
    if (status === 'inProcess') return void run(() => call(appointmentRoutes.setOnProcess, { params: { id: a.id } }));
    if (status === 'absence')
      modal().confirm({
        title: 'Marcar inasistencia',
        content: `¿Registrar que el paciente no asistió a la cita ${a.appointmentNumber}?`,
        okText: 'Marcar inasistencia',
        cancelText: 'Volver',
        onOk: () => run(() => call(appointmentRoutes.absence, { params: { id: a.id } })),
      });
  };

  return (
    <Space wrap>
      {can('dairy', 'edit') && saveButton}
      {can('dairy', 'edit') && statuses.length > 0 && (
        <>
          {(askConsent || consentGiven) && (
            <Space size={4}>
              <Switch aria-label="Consentimiento firmado" checked={consentGiven || consent} disabled={consentGiven} onChange={setConsent} />
              <Typography.Text>Consentimiento firmado</Typography.Text>
            </Space>
          )}
          <Select<string>
            aria-label="Cambiar estatus"
            placeholder="Cambiar estatus"
            style={{ width: 180 }}
            value={null}
            loading={busy}
            disabled={busy}
            options={statuses.map((s) => ({
              value: s,
              label: appointmentStatusLabels[s as AppointmentStatus] ?? s,
              disabled: needsSwitch(s),
              title: needsSwitch(s) ? 'Active primero el consentimiento firmado' : undefined,
            }))}
            onChange={pick}
          />
        </>
      )}
      {can('dairy', 'delete') && live && (
        <Button danger type="primary" disabled={false} onClick={() => setCancelling(true)}>
          Cancelar cita
        </Button>
      )}
      <Button icon={<FileTextOutlined />} disabled={false} onClick={() => void openConsent(a.id)}>
        Consentimiento
      </Button>
      <RebookButton appointment={a} />
      {/* the modals sit inside the (maybe read-only) appointment form: they must not inherit its disabled state */}
      <ConfigProvider componentDisabled={false}>
        <FinishModal
          open={finishing}
          appointment={a}
          consent={askConsent ? consent : undefined}
          onClose={() => setFinishing(false)}
          onDone={async () => {
            setFinishing(false);
            await refresh();
          }}
        />
        <CancelModal
          open={cancelling}
          appointment={a}
          absences={absences}
          onClose={() => setCancelling(false)}
          onDone={async () => {
            await refresh();
            leaveWithoutAsking(() => navigate(back));
          }}
        />
      </ConfigProvider>
    </Space>
  );
}
