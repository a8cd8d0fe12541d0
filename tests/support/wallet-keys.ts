import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppleWalletConfig } from '../../src/server/config.ts';

/**
 * A test pass certificate made with openssl: a self-signed CA standing in for Apple's WWDR, and a leaf
 * certificate and key it signs, standing in for the organiser's pass type certificate.
 */
export function makeAppleTestCertificates(passTypeId = 'pass.test.portal', teamId = 'TEAM123456') {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = ['-newkey', 'rsa:2048', '-nodes'];
  run('req', '-x509', ...key, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test WWDR');
  const subject = `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=${teamId}`;
  run('req', ...key, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', subject);
  run('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.pem');
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  const apple: AppleWalletConfig = {
    passTypeId,
    teamId,
    organization: 'Test Portal',
    certPem: read('leaf.pem'),
    keyPem: read('leaf.key'),
    keyPassphrase: undefined,
    wwdrPem: read('ca.pem'),
  };
  rmSync(dir, { recursive: true, force: true });
  return apple;
}
