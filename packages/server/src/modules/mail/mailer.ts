// Outgoing mail: SMTP through nodemailer when MAIL_URL is set, otherwise the mail_outbox table and the log.
// A mail that SMTP refuses lands in the outbox too (sent = false), so no mail is ever lost silently. A
// mail's one-time key (activation, password reset) goes to its recipient only: the outbox keeps the mail
// with the key masked, so that a reader of the table or of a backup cannot use the link, and the log
// shows it in development only (the e2e suite reads links there), never under prod.
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Config, isProduction } from '../../config';
import { MASK } from '../management/secrets';
import type { Queryable } from '../../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A one-time key the text and html carry, masked wherever the mail is kept. */
  secret?: string;
}

export interface MailCheck {
  status: 'UP' | 'DOWN';
  details: Record<string, unknown>;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** Resolves once the mail is stored (outbox) or handed to SMTP in the background (smtp). */
  send(message: MailMessage): Promise<void>;
  /** Health of the mail path: SMTP reachable, or the outbox (always UP). */
  check(): Promise<MailCheck>;
  /** Waits for mails still being sent. */
  flush(): Promise<void>;
}

const SMTP_TIMEOUT_MS = 3_000;
/** Health checks are polled by load balancers: one SMTP handshake per this period is enough. */
const CHECK_CACHE_MS = 30_000;

/** The mail as it may be kept: its secret masked. */
function kept(message: MailMessage): MailMessage {
  const { secret, ...mail } = message;
  if (!secret) return mail;
  const mask = (text: string) => text.split(secret).join(MASK);
  return { ...mail, text: mask(mail.text), ...(mail.html ? { html: mask(mail.html) } : {}) };
}

async function storeInOutbox(db: Queryable, message: MailMessage, sent: boolean): Promise<void> {
  const mail = kept(message);
  await db.query(
    'insert into mail_outbox (to_address, subject, body_text, body_html, sent) values ($1, $2, $3, $4, $5)',
    [mail.to, mail.subject, mail.text, mail.html ?? null, sent],
  );
}

/** The SMTP host and port only: the URL's user and password never reach a log or an answer. */
function smtpTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'smtp';
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function outboxMailer(config: Config, db: Queryable, log: FastifyBaseLogger): Mailer {
  // Without a mail server, the log is how a developer receives a link; under prod nobody reads one there.
  const logged = isProduction(config) ? kept : (message: MailMessage) => message;
  return {
    mode: 'outbox',
    async send(message) {
      await storeInOutbox(db, message, false);
      log.info({ to: message.to, subject: message.subject, text: logged(message).text }, 'mail kept in the outbox');
    },
    async check() {
      return { status: 'UP', details: { mode: 'outbox' } };
    },
    async flush() {},
  };
}

function smtpMailer(config: Config, db: Queryable, log: FastifyBaseLogger): Mailer {
  const url = config.mailUrl!;
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS * 3,
  };
  const transporter = nodemailer.createTransport(options);
  const target = smtpTarget(url);
  const pending = new Set<Promise<void>>();
  let lastCheck: { at: number; result: MailCheck } | undefined;

  const deliver = async (message: MailMessage) => {
    try {
      const { secret: _secret, ...mail } = message;
      await transporter.sendMail({ from: config.mailFrom, ...mail });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
    } catch (error) {
      log.warn({ to: message.to, subject: message.subject, error: (error as Error).message }, 'mail not sent');
      await storeInOutbox(db, message, false).catch(() => {});
    }
  };

  return {
    mode: 'smtp',
    async send(message) {
      // Like JHipster's @Async mail service: the request does not wait for the SMTP dialogue.
      const work = deliver(message).finally(() => pending.delete(work));
      pending.add(work);
    },
    async check() {
      if (lastCheck && Date.now() - lastCheck.at < CHECK_CACHE_MS) return lastCheck.result;
      let result: MailCheck;
      try {
        await withTimeout(transporter.verify(), SMTP_TIMEOUT_MS);
        result = { status: 'UP', details: { mode: 'smtp', server: target } };
      } catch (error) {
        result = { status: 'DOWN', details: { mode: 'smtp', server: target, error: (error as Error).message } };
      }
      lastCheck = { at: Date.now(), result };
      return result;
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

/**
 * The mailer of this instance; waits for mails in flight when the app closes. `mailbox`: a copy of every
 * mail sent, key included, as its recipient gets it (tests read their links there).
 */
export function registerMailer(
  app: FastifyInstance,
  config: Config,
  db: Queryable,
  log: FastifyBaseLogger,
  mailbox?: (message: MailMessage) => void,
): Mailer {
  const chosen = config.mailUrl ? smtpMailer(config, db, log) : outboxMailer(config, db, log);
  const mailer: Mailer = mailbox
    ? {
        ...chosen,
        async send(message) {
          mailbox(message);
          await chosen.send(message);
        },
      }
    : chosen;
  // The database closes in an onClose hook added after this one, and onClose hooks run last-in first-out:
  // flushing in preClose keeps the outbox fallback usable; the onClose flush waits for late requests' mails.
  app.addHook('preClose', () => mailer.flush());
  app.addHook('onClose', () => mailer.flush());
  return mailer;
}
