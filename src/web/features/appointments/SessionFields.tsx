import { Alert, Col, Form, Select } from 'antd';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { fullName } from '../../ui/format';
import { loadAreasOfType, type Named, type Professional } from './lookups';

const required = (label: string) => [{ required: true, message: `El campo ${label} es requerido` }];

/**
 * The areas a finish chooses from, as the server judges them (finishAreasProblem): the treatment's, else — a package,
 * a promotion, or a treatment without areas — the areas of the appointment's type. None at all (a valuation): no area.
 */
export function areaChoices(treatmentAreas: Named[], typeAreas: Named[] | undefined): Named[] {
  return treatmentAreas.length ? treatmentAreas : (typeAreas ?? []);
}

/** The area options of a finish: the treatment's own, or its type's read when it has none. */
export function useSessionAreas(treatmentAreas: Named[], treatmentTypeId: string, enabled: boolean) {
  const typeAreas = useQuery({
    queryKey: ['areas-of-type', treatmentTypeId],
    queryFn: () => loadAreasOfType(treatmentTypeId),
    enabled: enabled && treatmentAreas.length === 0,
    staleTime: 300_000,
  });
  const areas = areaChoices(treatmentAreas, typeAreas.data).map((a) => ({ value: a.id, label: a.name }));
  const loading = treatmentAreas.length === 0 && typeAreas.isLoading;
  return { areas, loading, needAreas: loading || areas.length > 0 };
}

/** Who gave the sessions: the branch's physicians for a medical treatment, its cosmetologists otherwise. */
export function ProfessionalField({ medical, professionals }: { medical: boolean; professionals: UseQueryResult<Professional[]> }) {
  return (
    <Form.Item name="attendedById" label={medical ? 'Médico que atendió' : 'Cosmetóloga que atendió'} required rules={required('profesional que atendió')}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        loading={professionals.isFetching}
        options={(professionals.data ?? []).map((p) => ({ value: p.id, label: fullName(p) }))}
      />
    </Form.Item>
  );
}

/** One area per session given, or a note that the treatment is finished without one. */
export function SessionAreaFields({ sessions, areas }: { sessions: number; areas: ReturnType<typeof useSessionAreas> }) {
  if (!areas.needAreas)
    return (
      <Col xs={24}>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="El tratamiento no tiene áreas: se termina sin seleccionar área" />
      </Col>
    );
  return Array.from({ length: sessions }, (_, i) => (
    <Col xs={24} md={12} key={`area-${i}`}>
      <Form.Item name={['sessionAreas', i]} label={`Área de la sesión ${i + 1}`} required rules={required('área')}>
        <Select loading={areas.loading} options={areas.areas} />
      </Form.Item>
    </Col>
  ));
}
