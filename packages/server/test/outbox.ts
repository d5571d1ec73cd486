// Test helpers over mail: the newest mail sent to an address as its recipient got it (the app's mailbox
// copy), the same mail as the outbox keeps it (its key masked), and the key a link carries.
import type { Database } from '../src/db/database';
import type { MailMessage } from '../src/modules/mail/mailer';
import type { TestApp } from './helper';

export interface OutboxMail {
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  sent: boolean;
}

export async function lastMailTo(t: Pick<TestApp, 'mails'>, to: string): Promise<MailMessage | undefined> {
  return t.mails.findLast((mail) => mail.to === to);
}

export async function storedMailTo(db: Database, to: string): Promise<OutboxMail | undefined> {
  const [mail] = await db.query<OutboxMail>(
    'select to_address, subject, body_text, body_html, sent from mail_outbox where to_address = $1 order by id desc limit 1',
    [to],
  );
  return mail;
}

/** The key of the `/activate/{key}` or `/reset/finish/{key}` link in a mail's text. */
export function keyIn(text: string, path: 'activate' | 'reset/finish'): string {
  const match = new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no /${path}/ link in: ${text}`);
  return match[1]!;
}
