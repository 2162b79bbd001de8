import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The part of an address after the @: enough for an operator to tell the mails apart, no person's name. */
export const mailDomain = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase() || 'sin dominio';

/**
 * SMTP when configured; otherwise each message is written to DATA_DIR/outbox as an .eml file. The log says only
 * that a message was saved: its recipient's domain, its subject and its file. Never the body, which carries
 * recovery codes, nor the address (the file's name has neither).
 */
export function createMailer(config: AppConfig, log: (msg: string) => void): Mailer {
  if (config.smtp) {
    const transport = nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass } : undefined,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer);
      log(`Correo guardado en ${file} (para @${mailDomain(mail.to)}): ${mail.subject}`);
    },
  };
}
