import { useQuery } from '@tanstack/react-query';
import { IDLE_PROMPT_MS, IDLE_TIMEOUT_MS } from '../../domain/dates';
import { api } from './api';

export interface PublicConfig {
  idleTimeoutMs: number;
  idlePromptMs: number;
  posUrl: string;
  timeZone: string;
  /** The demo accounts (published password) can sign in: every screen says so. */
  demoData: boolean;
}

const fallback: PublicConfig = { idleTimeoutMs: IDLE_TIMEOUT_MS, idlePromptMs: IDLE_PROMPT_MS, posUrl: '', timeZone: 'America/Tijuana', demoData: false };

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({ queryKey: ['config'], queryFn: () => api<PublicConfig>('/config'), staleTime: Infinity });
  return data ?? fallback;
}
