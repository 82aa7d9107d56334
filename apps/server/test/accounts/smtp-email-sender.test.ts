import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeMessage, codeMessageText } from '../../src/accounts/verification/senders/code-sender.js';
import { SmtpEmailSender } from '../../src/accounts/verification/senders/smtp-email-sender.js';
import { CODE, expectSenderError } from '../helpers/sender-fakes.js';

const SMTP_USER = 'user';
const SMTP_PASS = 'smtp-PASS-must-not-leak';
const FROM = 'noreply@tianma.test';
const RCPT_REJECTED = 'nobody@tianma.test';
const DATA_REJECTED = 'full@tianma.test';

interface Delivery {
  user: string | undefined;
  mailFrom: string | false;
  rcptTo: string[];
  raw: string;
}

function email(target: string, code = CODE): CodeMessage {
  return { channel: 'email', target, code, purpose: 'REGISTER', validMinutes: 10 };
}

/** Decodes one MIME body part (quoted-printable or base64) of a single-level multipart message. */
function mimePart(raw: string, contentType: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  for (const part of raw.split(`--${boundary}`)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`content-type:\\s*${contentType}`, 'i').test(head)) continue;
    const content = rest.join('\n\n').trim();
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    }
    return content;
  }
  throw new Error(`no ${contentType} part`);
}

/** Decodes RFC 2047 encoded words (B and Q) of a header value. */
function decodeHeader(value: string): string {
  return value.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
}

describe('SmtpEmailSender', () => {
  const deliveries: Delivery[] = [];
  let smtp: SMTPServer;
  let port = 0;
  let silent: net.Server;
  let silentPort = 0;
  const silentSockets = new Set<net.Socket>();
  const secrets = [SMTP_PASS, CODE];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        if (address.address === RCPT_REJECTED) {
          return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const rcptTo = session.envelope.rcptTo.map((r) => r.address);
          if (rcptTo.includes(DATA_REJECTED)) {
            return callback(Object.assign(new Error('Mailbox full'), { responseCode: 552 }));
          }
          const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : false;
          deliveries.push({ user: session.user as string | undefined, mailFrom, rcptTo, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;

    // Accepts connections and never says a word: a hung mail server.
    silent = net.createServer((socket) => silentSockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    for (const socket of silentSockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  const url = () => `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`;

  it('authenticates and delivers the code to the recipient, in text and HTML', async () => {
    deliveries.length = 0;
    const message = email('alice@example.com');
    await new SmtpEmailSender({ url: url(), from: `天马 <${FROM}>` }).send(message);

    expect(deliveries).toHaveLength(1);
    const delivery = deliveries[0]!;
    expect(delivery.user).toBe(SMTP_USER);
    expect(delivery.mailFrom).toBe(FROM);
    expect(delivery.rcptTo).toEqual(['alice@example.com']);
    expect(delivery.raw).toMatch(/^To: alice@example\.com\r?$/m);
    expect(delivery.raw).toContain(CODE);
    expect(decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(delivery.raw)?.[1] ?? '')).toBe('天马验证码');
    expect(mimePart(delivery.raw, 'text/plain')).toBe(codeMessageText(message));
    expect(mimePart(delivery.raw, 'text/html')).toContain(`>${CODE}<`);
    expect(delivery.raw).not.toContain(SMTP_PASS);
  });

  it('escapes values in the HTML version', async () => {
    deliveries.length = 0;
    await new SmtpEmailSender({ url: url(), from: FROM }).send(email('bob@example.com', '<b>&1'));
    const html = mimePart(deliveries[0]!.raw, 'text/html');
    expect(html).toContain('&lt;b&gt;&amp;1');
    expect(html).not.toContain('<b>&1');
  });

  it('turns a rejected message (DATA) into a SenderError without the password', async () => {
    const sender = new SmtpEmailSender({ url: url(), from: FROM });
    const error = await expectSenderError(sender.send(email(DATA_REJECTED)), 'smtp', secrets);
    expect(error.message).toContain('552');
  });

  it('turns a rejected recipient (RCPT TO) into a SenderError without the password', async () => {
    const sender = new SmtpEmailSender({ url: url(), from: FROM });
    const error = await expectSenderError(sender.send(email(RCPT_REJECTED)), 'smtp', secrets);
    expect(error.vendorCode).toBe('EENVELOPE');
    expect(error.message).toContain('550');
  });

  it('turns a failed login into a SenderError without either password', async () => {
    const wrongPass = 'wrong-PASS-must-not-leak';
    const sender = new SmtpEmailSender({ url: `smtp://${SMTP_USER}:${wrongPass}@127.0.0.1:${port}`, from: FROM });
    const error = await expectSenderError(sender.send(email('alice@example.com')), 'smtp', [wrongPass, SMTP_PASS, CODE]);
    expect(error.vendorCode).toBe('EAUTH');
  });

  it('gives up on a server that never greets', async () => {
    const sender = new SmtpEmailSender({ url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${silentPort}`, from: FROM }, { timeoutMs: 300 });
    const started = Date.now();
    await expectSenderError(sender.send(email('alice@example.com')), 'smtp', secrets);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
