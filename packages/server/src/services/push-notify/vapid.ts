/**
 * VAPID keys of web push: generated once and kept in DATA_DIR/vapid.json (mode 0600),
 * like the token secret (secrets.ts), so subscriptions survive restarts. `subject` is
 * the contact the push services see; edit the file to set a real mailto: or https URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export function loadVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one pair.
    const fresh: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@parley.invalid' };
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (!stored.publicKey || !stored.privateKey) throw new Error(`${file} has no VAPID key pair`);
  return {
    publicKey: stored.publicKey,
    privateKey: stored.privateKey,
    subject: stored.subject || 'mailto:admin@parley.invalid',
  };
}
