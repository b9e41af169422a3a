/**
 * Token-signing secret: JWT_SECRET when given, otherwise generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so tokens survive restarts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

interface SecretsFile {
  jwtSecret: string;
}

export function loadSigningSecret(dataDir: string, override: string | undefined): Uint8Array {
  if (override) return new TextEncoder().encode(override);
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    const fresh: SecretsFile = { jwtSecret: crypto.randomBytes(64).toString('base64url') };
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SecretsFile>;
  if (!stored.jwtSecret) throw new Error(`${file} has no jwtSecret`);
  return Buffer.from(stored.jwtSecret, 'base64url');
}
