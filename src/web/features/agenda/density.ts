import { useCallback, useSyncExternalStore } from 'react';
import { useUserPreference } from '../../ui/user-preference';

/** How much of the day the grid shows at once: the spec's sizes, or a whole clinic-day on a 1366×768 screen. */
export type Density = 'normal' | 'compact';

export const DENSITY_OPTIONS: { value: Density; label: string }[] = [
  { value: 'normal', label: 'Normal' },
  { value: 'compact', label: 'Compacta' },
];

export interface GridSizes {
  /** Height of one half-hour row. */
  row: number;
  /** Height of the cabin header row. */
  head: number;
  /** Width of the time column. */
  time: number;
  /** CSS track of one cabin column. */
  column: string;
  /** Shortest card, so a card of a few minutes still shows its text. */
  minCard: number;
}

/** Spec: column width 190 plus 100; an appointment card of one slot is 120 px high. */
const NORMAL: GridSizes = { row: 120, head: 56, time: 72, column: `${190 + 100}px`, minCard: 40 };
/** Six cabins and twelve hours (24 rows) inside 1366×768 with the sidebar and the calendar panel open. */
const COMPACT: GridSizes = { row: 20, head: 40, time: 52, column: 'minmax(96px, 1fr)', minCard: 18 };

/** The grid's sizes; a narrow screen (one cabin at a time) stretches its column to the width it has. */
export function gridSizes(density: Density, narrow: boolean): GridSizes {
  const sizes = density === 'compact' ? COMPACT : NORMAL;
  return narrow ? { ...sizes, column: 'minmax(160px, 1fr)' } : sizes;
}

const isDensity = (v: unknown): v is Density => v === 'normal' || v === 'compact';

/** The agenda density this user chose on this device (no server-side preferences exist), Normal until they choose. */
export const useAgendaDensity = (): [Density, (d: Density) => void] => useUserPreference<Density>('agenda-densidad', 'normal', isDensity);

/** Whether a media query matches, kept in step with the window. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Tablet portrait and narrower: the grid shows one cabin at a time, picked with a switcher. */
export const NARROW_QUERY = '(max-width: 800px)';
