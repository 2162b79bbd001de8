import type { ReactNode } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ReportName } from '../../../domain/reports';
import { reportRoutes } from '../../../domain/reports.contract';
import { call } from '../../app/api';
import { ReportTable } from './ReportTable';

export interface DrillTarget {
  /** The row's drill key (its branch, or the key the API gave the row). */
  key: string;
  /** What the modal's title names: the row's branch, day or person. */
  label: string;
  /** The cell it came from (the rows' totals add up to it). */
  value: string;
}

interface Props {
  name: ReportName;
  title: string;
  query: Record<string, string>;
  target: DrillTarget | null;
  onClose: () => void;
}

/** The rows behind one total (GET /report/{name}/drill, the same filters): their own columns and their totals row; 1200 wide as the cash detail (section 9). */
export function DrillModal({ name, title, query, target, onClose }: Props) {
  const drill = useQuery({
    queryKey: ['report-drill', name, query, target?.key],
    queryFn: () => call(reportRoutes.drill, { params: { name }, query: { ...query, key: target!.key } }),
    enabled: Boolean(target),
    retry: false,
  });
  return (
    <DrillFrame title={target ? `${title}: ${target.label} · ${target.value}` : title} open={Boolean(target)} onClose={onClose} error={drill.error}>
      {drill.data && <ReportTable answer={drill.data} loading={drill.isFetching} testId="drill-table" />}
    </DrillFrame>
  );
}

/** The drill-downs' modal (1200 wide as the cash detail, section 9): the API's error, else the rows once they arrive. */
export function DrillFrame({
  title,
  open,
  onClose,
  error,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <Modal title={title} open={open} onCancel={onClose} footer={null} width={1200} destroyOnHidden>
      {error ? (
        <Alert type="error" showIcon title={(error as Error).message} data-testid="drill-error" />
      ) : (
        (children ?? <Spin style={{ display: 'block', margin: '40px auto' }} />)
      )}
    </Modal>
  );
}
