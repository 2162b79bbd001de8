import type { ReactNode } from 'react';

/** A cell cut to `width` on one line, its whole text in the tooltip (ListPage's `maxWidth` columns, and cells beside an avatar). */
export function Clipped({ width, title, content }: { width: number; title: string | number | null | undefined; content: ReactNode }) {
  return (
    <div title={title == null ? undefined : String(title)} style={{ maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {content}
    </div>
  );
}
