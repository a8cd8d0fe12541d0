import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey in software for API tests (decision 060): answers WebAuthn options as a platform authenticator that
 * verified its user would, with attestation "none", so the server's real verification runs.
 */
export function softPasskey(origin = 'http://localhost:5000') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const id = credentialId.toString('base64url');
  let counter = 0;
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
  const rpHash = (rpId: string) => createHash('sha256').update(rpId).digest();
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // Flags: user present, user verified (and, when registering, attested credential data follows).
  const authData = (rpId: string, flags: number, rest: Buffer = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([rpHash(rpId), Buffer.from([flags]), count, rest]);
  };

  /** The browser's answer to registration options (`startRegistration`'s JSON). */
  function register(options: { challenge: string; rp: { id?: string } }) {
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(isoCBOR.encode(cose))]);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData(options.rp.id ?? '', 0x45, attested)],
      ]) as never,
    );
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
        attestationObject: b64(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The browser's answer to sign-in options (`startAuthentication`'s JSON). */
  function signIn(options: { challenge: string; rpId?: string }) {
    const data = authData(options.rpId ?? '', 0x05);
    const client = clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([data, createHash('sha256').update(client).digest()]), privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64(client), authenticatorData: b64(data), signature: b64(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  return { id, register, signIn };
}
