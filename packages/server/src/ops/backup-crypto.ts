// Encrypted backups (BACKUP_KEY): AES-256-GCM from Node's crypto, streamed, authenticated. The file is
// MAGIC, a 12-byte nonce, the ciphertext, then GCM's 16-byte tag: a wrong key or a changed byte fails.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

export const ENCRYPTED_MAGIC = 'BANKAES1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** BACKUP_KEY's 32 bytes, or an error saying how to make one. */
export function backupKeyOf(text: string): Buffer {
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (key.length !== 32) throw new Error('BACKUP_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

/** A stream stage (for pipeline) that encrypts what goes through it into the file format above. */
export function encrypt(key: Buffer) {
  return async function* (plain: AsyncIterable<Buffer>) {
    const nonce = crypto.randomBytes(NONCE_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
    yield Buffer.concat([Buffer.from(ENCRYPTED_MAGIC, 'latin1'), nonce]);
    for await (const chunk of plain) yield cipher.update(chunk);
    yield cipher.final();
    yield cipher.getAuthTag();
  };
}

/**
 * Decrypts `source` into `destination` (created 0600); throws when the key is wrong or the file was
 * changed, in which case `destination` must not be used (the caller removes it).
 */
export async function decryptFile(source: string, destination: string, key: Buffer): Promise<void> {
  const size = fs.statSync(source).size;
  const head = ENCRYPTED_MAGIC.length + NONCE_BYTES;
  if (size < head + TAG_BYTES) throw new Error(`${source} is cut short: not a whole encrypted backup`);
  const handle = fs.openSync(source, 'r');
  const nonce = Buffer.alloc(NONCE_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    fs.readSync(handle, nonce, 0, NONCE_BYTES, ENCRYPTED_MAGIC.length);
    fs.readSync(handle, tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    fs.closeSync(handle);
  }
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      fs.createReadStream(source, { start: head, end: size - TAG_BYTES - 1 }),
      decipher,
      fs.createWriteStream(destination, { mode: 0o600 }),
    );
  } catch (error) {
    if ((error as Error).message.includes('authenticate'))
      throw new Error(
        `BACKUP_KEY does not open ${source}: it is not the key the backup was made with, or the file was changed`,
      );
    throw error;
  }
}
