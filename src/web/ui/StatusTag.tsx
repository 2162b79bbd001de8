import type { ReactNode } from 'react';
import { Tag } from 'antd';

export function StatusTag({ active, on = 'Activo', off = 'Inactivo' }: { active: boolean; on?: string; off?: string }) {
  return <Tag color={active ? 'green' : 'red'}>{active ? on : off}</Tag>;
}

/**
 * A tag in a colour of the spec's (an appointment's status: blue, orange, green…): a dot of the colour beside text in
 * the normal text colour. antd writes the text of a tag of any colour in that colour on a tint of it, 2:1 to 3.6:1 for
 * these; the dot keeps the colour's meaning, the text reads at 4.5:1 or more.
 */
export function DotTag({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Tag className="dot-tag">
      <span className="dot-tag-dot" style={{ background: color }} aria-hidden />
      {children}
    </Tag>
  );
}
