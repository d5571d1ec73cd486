import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';
import { keyIn, lastMailTo, storedMailTo } from './outbox';
import { MASK } from '../src/modules/management/secrets';

/** A minimal SMTP server: enough of the protocol for nodemailer's verify() and sendMail(). */
async function startFakeSmtp(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    socket.write('220 fake.smtp ESMTP\r\n');
    let buffer = '';
    let data: string[] | null = null;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'));
            data = null;
            socket.write('250 2.0.0 queued\r\n');
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The text of a quoted-printable mail, soft line breaks joined. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function eventually<T>(read: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('mail through an SMTP server (MAIL_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await startTestApp({
      config: { mailUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Banque <noreply@test.sn>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('reports the mail server UP in management/health', async () => {
    const health = (
      await t.app.inject({ url: '/management/health', headers: bearer(await t.tokenFor('admin')) })
    ).json();
    expect(health.status).toBe('UP');
    expect(health.components.mail).toEqual({
      status: 'UP',
      details: { mode: 'smtp', server: `smtp://127.0.0.1:${smtp.port}` },
    });
  });

  it('sends the activation mail by SMTP, not to the outbox, and its link activates the account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { login: 'smtpuser', email: 'smtpuser@exemple.sn', password: 'secret' },
    });
    expect(response.statusCode).toBe(201);
    const message = await eventually(() => smtp.messages.find((m) => m.includes('smtpuser@exemple.sn')));
    expect(message).toBeDefined();
    expect(message).toContain('From: Banque <noreply@test.sn>');
    const key = keyIn(decodeQuotedPrintable(message!), 'activate');
    expect((await t.app.inject({ url: `/api/activate?key=${key}` })).statusCode).toBe(200);
    expect(await storedMailTo(t.db, 'smtpuser@exemple.sn')).toBeUndefined();
  });
});

describe('mail when the SMTP server cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on the loopback refuses connections at once.
    t = await startTestApp({ config: { mailUrl: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('reports health DOWN (503), with the reason for administrators only', async () => {
    const anonymous = await t.app.inject({ url: '/management/health' });
    expect(anonymous.statusCode).toBe(503);
    expect(anonymous.json()).toEqual({ status: 'DOWN' });
    const full = await t.app.inject({ url: '/management/health', headers: bearer(await t.tokenFor('admin')) });
    expect(full.statusCode).toBe(503);
    expect(full.json().components.mail).toMatchObject({ status: 'DOWN', details: { mode: 'smtp' } });
    expect(full.json().components.db.status).toBe('UP');
  });

  it('still registers, and keeps the undelivered mail in the outbox with its link unusable', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { login: 'lostmail', email: 'lostmail@exemple.sn', password: 'secret' },
    });
    expect(response.statusCode).toBe(201);
    const mail = await eventually(() => storedMailTo(t.db, 'lostmail@exemple.sn'));
    expect(mail).toMatchObject({ subject: 'Activation de votre compte', sent: false });
    const key = keyIn((await lastMailTo(t, 'lostmail@exemple.sn'))!.text, 'activate');
    expect(mail!.body_text).toContain(`/activate/${MASK}`);
    expect(`${mail!.body_text}${mail!.body_html}`).not.toContain(key);
    expect((await t.app.inject({ url: `/api/activate?key=${key}` })).statusCode).toBe(200);
  });
});
