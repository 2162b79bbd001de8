import type { ReactNode } from 'react';
import { Descriptions, Modal } from 'antd';
import type { ListColumn } from './ListPage';

interface Props<T> {
  /** A fixed title, or one per row (a lock's log entry is 'Información del Bloqueo'). */
  title: string | ((row: T) => string);
  row: T | null;
  width?: number;
  columns: ListColumn<T>[];
  render?: (row: T) => ReactNode;
  onClose: () => void;
}

/** Detail of a list row: the screen's own view, or every column as a description list. */
export function DetailModal<T>({ title, row, width = 700, columns, render, onClose }: Props<T>) {
  return (
    <Modal
      title={row && typeof title === 'function' ? title(row) : typeof title === 'string' ? title : undefined}
      open={Boolean(row)}
      width={width}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {row &&
        (render ? (
          render(row)
        ) : (
          <Descriptions bordered column={1} size="small">
            {columns.map((c) => (
              <Descriptions.Item key={c.key} label={c.title}>
                {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ))}
    </Modal>
  );
}
