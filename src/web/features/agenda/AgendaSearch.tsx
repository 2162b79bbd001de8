import { useEffect, useRef, useState } from 'react';
import { Select, type RefSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { appointmentStatusLabels, type AppointmentStatus } from '../../../domain/agenda';
import { appointmentRoutes, type AppointmentRow } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { formatCalendarDate, fullName } from '../../ui/format';

/** The statuses an appointment on the grid may have (cancelled ones are not drawn). */
const ON_GRID = 'scheduled,inProcess,finished,absence';

/** Text typed for a while: the search asks once the typing pauses. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * The agenda's search: a patient's name or phone → her appointments at the branch from the day on screen on, soonest
 * first (the appointment list's own search). Choosing one takes the grid to its day and flashes its card.
 */
export function AgendaSearch({ branchId, date, onChoose }: { branchId: string | undefined; date: string; onChoose: (a: AppointmentRow) => void }) {
  const [text, setText] = useState('');
  const select = useRef<RefSelectProps>(null);
  const value = useSettled(text.trim());
  const digits = value.replace(/\D/g, '');
  // a phone is typed as digits (with its separators); anything else is a name
  const filter = digits.length >= 3 && !/[a-záéíóúñü]/i.test(value) ? 'phone' : 'customer';
  const term = filter === 'phone' ? digits : value;
  const found = useQuery({
    queryKey: ['agenda-search', branchId, date, filter, term],
    enabled: Boolean(branchId) && term.length >= 2,
    staleTime: 10_000,
    queryFn: () =>
      call(appointmentRoutes.list, {
        query: { branchId, startDate: date, status: ON_GRID, field: 'date', order: 'ASC', take: 10, search: JSON.stringify({ filter, value: term }) },
      }),
  });
  const items = term.length >= 2 ? (found.data?.items ?? []) : [];
  return (
    <Select<string>
      ref={select}
      aria-label="Buscar cita por paciente o teléfono"
      placeholder="Buscar paciente o teléfono"
      className="agenda-search"
      style={{ width: 230 }}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={null}
      allowClear
      loading={found.isFetching}
      notFoundContent={term.length < 2 ? 'Escriba al menos 2 letras o números' : found.isFetching ? 'Buscando…' : 'Sin citas desde este día'}
      options={items.map((a) => ({
        value: a.id,
        label: (
          <span className="agenda-search-option">
            <span className="who">
              {fullName(a.customer)} · {a.cabain.name}
            </span>
            <span className="when">
              {formatCalendarDate(a.date)} {a.startTime.slice(0, 5)}
              {a.status !== 'scheduled' ? ` · ${appointmentStatusLabels[a.status as AppointmentStatus] ?? a.status}` : ''}
            </span>
          </span>
        ),
      }))}
      popupMatchSelectWidth={460}
      onChange={(id) => {
        const a = items.find((i) => i.id === id);
        if (!a) return;
        setText('');
        select.current?.blur();
        onChoose(a);
      }}
    />
  );
}
