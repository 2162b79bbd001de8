import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { IDLE_TIMEOUT_MS } from '../domain/dates';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
}

export interface AppConfig {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  uploadsDir: string;
  jwtSecret: Uint8Array;
  smtp?: SmtpConfig;
  mailFrom: string;
  posUrl: string;
  idleTimeoutMs: number;
  accessTokenSeconds: number;
  webDir?: string;
  logLevel: string;
  /** Behind a reverse proxy: its address(es), or 'true'; off by default so clients cannot forge X-Forwarded-For. */
  trustProxy: boolean | string;
}

/** The JWT secret comes from JWT_SECRET, or is generated once and kept in DATA_DIR. */
function loadJwtSecret(dataDir: string, env: NodeJS.ProcessEnv): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const smtp: SmtpConfig | undefined = env.SMTP_HOST
    ? {
        host: env.SMTP_HOST,
        port: Number(env.SMTP_PORT ?? 587),
        secure: env.SMTP_SECURE === 'true',
        user: env.SMTP_USER || undefined,
        pass: env.SMTP_PASS || undefined,
      }
    : undefined;
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    jwtSecret: loadJwtSecret(dataDir, env),
    smtp,
    mailFrom: env.SMTP_FROM ?? 'Clínicas <no-responder@clinicas.local>',
    posUrl: env.POS_URL ?? 'http://localhost:3001',
    idleTimeoutMs: Number(env.IDLE_TIMEOUT_MS ?? IDLE_TIMEOUT_MS),
    accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS ?? 900),
    webDir: path.resolve(env.WEB_DIR ?? 'dist/web'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    ...overrides,
  };
}
