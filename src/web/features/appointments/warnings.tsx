import { useRef, useState } from 'react';
import { Modal } from 'antd';
import { ADULT_AGE } from '../../../domain/age';
import { modal } from '../../ui/notify';
import { fullName } from '../../ui/format';
import { CustomerNotes } from '../customers';
import type { CustomerFacts } from './lookups';

/** Missed appointments from which the booking and cancel forms warn (section 2). */
export const ABSENCE_WARNING = 2;

const ask = (open: (done: (ok: boolean) => void) => unknown) => new Promise<boolean>((resolve) => open(resolve));

interface Handlers {
  /** The customer's record (blacklist, missing phones). */
  toCustomer: (id: string) => void;
  /** Back to the agenda (the blacklist prompt's cancel). */
  toAgenda: () => void;
  /** Shows the customer's notes; resolves when they are closed. */
  showNotes: (id: string) => Promise<void>;
}

/**
 * The pop-ups shown after choosing the patient and before booking, one after another:
 * blacklist, notes, adult without any phone, two or more missed appointments.
 * Resolves false when the user left the form.
 */
export async function runCustomerWarnings({ customer: c, notes, absences }: CustomerFacts, h: Handlers): Promise<boolean> {
  const name = fullName(c);
  if (c.blackList) {
    const goToRecord = await ask((done) =>
      modal().confirm({
        title: 'Cliente en lista negra',
        content: `${name} está en la lista negra. ¿Desea ir al expediente del cliente?`,
        okText: 'Ir al cliente',
        cancelText: 'Volver a la agenda',
        onOk: () => done(true),
        onCancel: () => done(false),
      }),
    );
    if (goToRecord) h.toCustomer(c.id);
    else h.toAgenda();
    return false;
  }
  if (notes > 0) {
    const see = await ask((done) =>
      modal().confirm({
        title: 'El cliente tiene notas',
        content: `${name} tiene ${notes === 1 ? 'una nota' : 'notas'} en su expediente. Revíselas antes de agendar.`,
        okText: 'Ver notas',
        cancelText: 'Continuar',
        okButtonProps: { danger: false },
        onOk: () => done(true),
        onCancel: () => done(false),
      }),
    );
    // the next prompt waits until the notes are read and closed
    if (see) await h.showNotes(c.id);
  }
  const adult = c.isAdult ?? (c.age ?? 0) >= ADULT_AGE;
  if (adult && !c.phone && !c.mobilePhone) {
    const edit = await ask((done) =>
      modal().confirm({
        title: 'Cliente sin teléfono',
        content: `${name} es mayor de edad y no tiene teléfono ni celular registrado. ¿Desea editar el cliente?`,
        okText: 'Editar cliente',
        cancelText: 'Continuar',
        onOk: () => done(true),
        onCancel: () => done(false),
      }),
    );
    if (edit) {
      h.toCustomer(c.id);
      return false;
    }
  }
  if (absences >= ABSENCE_WARNING) {
    await ask((done) =>
      modal().warning({ title: 'Inasistencias', content: `${name} tiene ${absences} inasistencias registradas.`, okText: 'Entendido', onOk: () => done(true) }),
    );
  }
  return true;
}

/** The customer's notes over the form (the warning's "link to view them"). */
export function useNotesModal() {
  const [id, setId] = useState<string | null>(null);
  // drawn from its first opening on (it closes with its motion): until then the form it belongs to draws no dialog
  const [used, setUsed] = useState(false);
  const closed = useRef<(() => void) | null>(null);
  const close = () => {
    setId(null);
    closed.current?.();
    closed.current = null;
  };
  const show = (customerId: string) =>
    new Promise<void>((resolve) => {
      closed.current = resolve;
      setUsed(true);
      setId(customerId);
    });
  const node = used && (
    <Modal title="Notas del cliente" open={Boolean(id)} width={1000} onCancel={close} footer={null} destroyOnHidden>
      {id && <CustomerNotes customerId={id} />}
    </Modal>
  );
  return { show, node };
}
