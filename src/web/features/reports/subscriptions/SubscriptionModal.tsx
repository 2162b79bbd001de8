import { Alert, Form, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { FREQUENCY_LABELS, FREQUENCY_PERIODS, hourText, SUBSCRIPTION_FREQUENCIES } from '../../../../domain/report-subscriptions';
import {
  reportSubscriptionRoutes,
  subscriptionFormSchema,
  type ReportSubscriptionItem,
  type SubscriptionFilters,
} from '../../../../domain/report-subscriptions.contract';
import { REPORTS, type ReportName } from '../../../../domain/reports';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { FormModal } from '../../../ui/FormModal';
import { optionsOf, zodRule } from '../../../ui/forms';

/** What the modal schedules: the hub's current report and filters, or a subscription of the list being edited. */
export type SubscriptionTarget = { report: ReportName; filters: SubscriptionFilters; editing?: ReportSubscriptionItem };

export const SUBSCRIPTIONS_KEY = ['report-subscriptions'] as const;

const FREQUENCY_OPTIONS = optionsOf(SUBSCRIPTION_FREQUENCIES, FREQUENCY_LABELS);
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: hourText(h) }));

/** The hub's filters a subscription keeps (the period is each send's own: the day, week or month just ended). */
export function subscriptionFiltersOf(query: Record<string, string>): SubscriptionFilters {
  const { branchId, userId, basis, type } = query;
  return {
    ...(branchId && { branchId }),
    ...(userId && { userId }),
    ...(basis && { basis: basis as SubscriptionFilters['basis'] }),
    ...(type && { type: type as SubscriptionFilters['type'] }),
  };
}

/** 'Programar envío': frequency, local hour and extra recipients of the report (and filters) the hub shows, or edited from the list. */
export function SubscriptionModal({ target, onClose }: { target: SubscriptionTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { editing } = target;
  return (
    <FormModal
      title={editing ? 'Editar envío programado' : 'Programar envío'}
      open
      onClose={onClose}
      schema={subscriptionFormSchema}
      okText={editing ? 'Guardar' : 'Programar'}
      send={async (values) => {
        const body = { report: target.report, filters: target.filters, ...values, active: editing?.active ?? true };
        if (editing) await call(reportSubscriptionRoutes.update, { params: { id: editing.id }, body });
        else await call(reportSubscriptionRoutes.create, { body });
        void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
        return editing ? 'Envío programado actualizado' : 'Envío programado';
      }}
    >
      <SubscriptionFields target={target} />
    </FormModal>
  );
}

function SubscriptionFields({ target }: { target: SubscriptionTarget }) {
  const email = useSession((s) => s.user?.username);
  const { editing } = target;
  const frequency = Form.useWatch<keyof typeof FREQUENCY_PERIODS | undefined>('frequency');
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`${REPORTS[target.report].title}${editing ? ` · ${editing.filtersSummary}` : ' con los filtros actuales'}`}
        description={`Se envía en Excel a ${editing?.ownerEmail ?? email ?? 'su correo'} y a los destinatarios adicionales${
          frequency ? `, con ${FREQUENCY_PERIODS[frequency]}` : ''
        }. La hora es la de la sucursal del reporte.`}
      />
      <Form.Item
        name="frequency"
        label="Frecuencia"
        required
        initialValue={editing?.frequency ?? 'daily'}
        rules={[zodRule(subscriptionFormSchema, 'frequency')]}
      >
        <Select aria-label="Frecuencia" options={FREQUENCY_OPTIONS} />
      </Form.Item>
      <Form.Item name="hour" label="Hora" required initialValue={editing?.hour ?? 7} rules={[zodRule(subscriptionFormSchema, 'hour')]}>
        <Select aria-label="Hora" options={HOUR_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="recipients"
        label="Destinatarios adicionales"
        initialValue={editing?.recipients ?? []}
        rules={[zodRule(subscriptionFormSchema, 'recipients')]}
        extra="Escriba un correo y presione Enter"
      >
        <Select aria-label="Destinatarios adicionales" mode="tags" tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} />
      </Form.Item>
    </>
  );
}
