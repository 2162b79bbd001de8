export const BUSINESS_TIME_ZONE = 'America/Tijuana';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** Branch time zones by the spec's zone names. */
export const ZONE_TIME_ZONES = {
  Noroeste: 'America/Tijuana',
  Pacifico: 'America/Mazatlan',
  Centro: 'America/Mexico_City',
  Sureste: 'America/Cancun',
} as const;
export type BranchZone = keyof typeof ZONE_TIME_ZONES;

/** Idle guard (section 9): 900000 ms, prompt 60000 ms before, throttle 500 ms. */
export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_PROMPT_MS = 60_000;
export const IDLE_THROTTLE_MS = 500;
