import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './platform/mail';

/** What every module's routes and services receive. */
export interface AppContext {
  db: Db;
  database: Database;
  config: AppConfig;
  mailer: Mailer;
}
