import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './platform/mail';

/** The application's logger (pino's), for what a service reports but does not fail on. */
export interface AppLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** What every module's routes and services receive. */
export interface AppContext {
  db: Db;
  database: Database;
  config: AppConfig;
  mailer: Mailer;
  log: AppLogger;
}
