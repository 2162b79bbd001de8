import type { ReactNode } from 'react';

/** A keyboard shortcut shown where it acts. */
export function Key({ children }: { children: ReactNode }) {
  return <kbd className="pos-key">{children}</kbd>;
}
