import { Tag } from 'antd';

export function StatusTag({ active, on = 'Activo', off = 'Inactivo' }: { active: boolean; on?: string; off?: string }) {
  return <Tag color={active ? 'green' : 'red'}>{active ? on : off}</Tag>;
}
