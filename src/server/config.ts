import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  /** HOST: the address to listen on; 0.0.0.0 (every interface) for a server on the clinic's LAN, 127.0.0.1 for one PC. */
  host: string;
  databaseUrl?: string;
  dataDir: string;
  uploadsDir: string;
  jwtSecret: Uint8Array;
  smtp?: SmtpConfig;
  mailFrom: string;
  /** PUBLIC_URL: the address patients reach this server by, for the links in e-mails (appointment reminders). */
  publicUrl: string;
  posUrl: string;
  idleTimeoutMs: number;
  accessTokenSeconds: number;
  webDir?: string;
  logLevel: string;
  /** The application's version (package.json), shown by /v1/health. */
  version: string;
  /** DEMO_DATA: load the demo data into an empty database (default: yes for the embedded one, no for PostgreSQL). */
  demoData: boolean;
  /** HTTPS_ONLY: always reached over HTTPS (a TLS proxy in front), so HSTS and upgrade-insecure-requests are sent on every answer. */
  httpsOnly: boolean;
  /** How long a stop (SIGTERM, Ctrl-C) waits for the requests in flight before closing anyway. */
  shutdownTimeoutMs: number;
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'desconocida';
  }
}

/** 'true'/'1'/'sí' and 'false'/'0'/'no'; anything else (or nothing) is the default. */
function flag(value: string | undefined, fallback: boolean): boolean {
  const v = value?.trim().toLowerCase();
  if (v === 'true' || v === '1' || v === 'si' || v === 'sí' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  return fallback;
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
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    jwtSecret: loadJwtSecret(dataDir, env),
    smtp,
    mailFrom: env.SMTP_FROM ?? 'Clínicas <no-responder@clinicas.local>',
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    // empty: the built-in point of sale (/punto-de-venta) of this same app
    posUrl: env.POS_URL?.trim() ?? '',
    idleTimeoutMs: Number(env.IDLE_TIMEOUT_MS ?? IDLE_TIMEOUT_MS),
    accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS ?? 900),
    webDir: path.resolve(env.WEB_DIR ?? 'dist/web'),
    logLevel: env.LOG_LEVEL ?? 'info',
    version: packageVersion(),
    demoData: flag(env.DEMO_DATA, !env.DATABASE_URL),
    httpsOnly: flag(env.HTTPS_ONLY, false),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    ...overrides,
  };
}
