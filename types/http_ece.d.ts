/** http_ece (Encrypted Content-Encoding, RFC 8188) ships no types: the part harness/push-service.ts uses to decrypt a push as a browser would. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair. */
    privateKey: ECDH;
    /** The subscription's auth secret, base64url. */
    authSecret: string;
  }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
