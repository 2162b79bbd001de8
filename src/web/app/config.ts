import { useQuery } from '@tanstack/react-query';
import type { Answer } from '../../domain/contract';
import { BUSINESS_TIME_ZONE, IDLE_PROMPT_MS, IDLE_TIMEOUT_MS } from '../../domain/dates';
// types only: the sign-in page reads this, and the contract brings zod (see LoginPage)
import type { healthRoutes } from '../../domain/health.contract';
import { setDefaultTimeZone } from '../ui/time-zone';
import { api } from './api';

/** The settings the web reads before sign-in; `demoData`: the demo accounts (published password) can sign in, every screen says so. */
export type PublicConfig = Answer<typeof healthRoutes.config>;

const fallback: PublicConfig = { idleTimeoutMs: IDLE_TIMEOUT_MS, idlePromptMs: IDLE_PROMPT_MS, posUrl: '', timeZone: BUSINESS_TIME_ZONE, demoData: false };

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({ queryKey: ['config'], queryFn: loadPublicConfig, staleTime: Infinity });
  return data ?? fallback;
}

async function loadPublicConfig(): Promise<PublicConfig> {
  const config = await api<PublicConfig>('/config');
  setDefaultTimeZone(config.timeZone);
  return config;
}
