import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { type CodeMessage, SenderError } from '../../src/accounts/verification/senders/code-sender.js';
/*
 * Each adapter talks to a small fake of its vendor on 127.0.0.1. The fakes parse what the
 * official SDK (or nodemailer) really sends and recompute the vendor's signature with the
 * shared secret, so a request that a real vendor would refuse is refused here too.
 */

export const CODE = '428613';
export const PHONE = '13800138000';
export const LIMITED_PHONE = '13900000429';
export const HANGING_PHONE = '13700000000';

export function sms(target: string, code = CODE): CodeMessage {
  return { channel: 'sms', target, code, purpose: 'LOGIN', validMinutes: 5 };
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** Awaits a rejection and checks it is a SenderError that leaks none of `secrets`. */
export async function expectSenderError(work: Promise<unknown>, sender: string, secrets: string[]): Promise<SenderError> {
  const error = await work.then(
    () => {
      throw new Error('expected the send to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SenderError);
  const senderError = error as SenderError;
  expect(senderError.sender).toBe(sender);
  expect(senderError.message.startsWith(`${sender}: `)).toBe(true);
  for (const secret of secrets) {
    expect(senderError.message).not.toContain(secret);
    expect(String(senderError.stack)).not.toContain(secret);
  }
  return senderError;
}

export interface Fake {
  server: http.Server;
  url: string;
}

export async function listen(handler: http.RequestListener): Promise<Fake> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

export async function closeHttp(fake: Fake | undefined): Promise<void> {
  if (!fake) return;
  fake.server.closeAllConnections();
  await new Promise<void>((resolve) => fake.server.close(() => resolve()));
}

export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
}
