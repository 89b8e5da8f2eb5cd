/**
 * A certificate the connection would not accept, said in words, with the way to trust a private CA
 * (NODE_EXTRA_CA_CERTS) where that is what may be missing.
 */
import { ApiError } from './errors.js';

const CA_HINT = 'If a private CA issued it, start pagetui with NODE_EXTRA_CA_CERTS=/path/to/ca.pem.';

const REASONS: Readonly<Record<string, string>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a CA this machine does not trust',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate was issued by a CA this machine does not trust',
  UNABLE_TO_GET_ISSUER_CERT: 'its certificate was issued by a CA this machine does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate was issued by a CA this machine does not trust',
  CERT_UNTRUSTED: 'its certificate is not trusted',
  CERT_HAS_EXPIRED: "its certificate has expired (or this machine's clock is wrong)",
  CERT_NOT_YET_VALID: "its certificate is not valid yet (or this machine's clock is wrong)",
};

const NOT_FOR_HOST = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']);

/** `A secure connection to <whom> could not be made…`, with the reason and the hint where known. */
export function tlsText(whom: string, code: string): string {
  const reason = REASONS[code];
  if (reason !== undefined) return `A secure connection to ${whom} could not be made: ${reason} (${code}). ${CA_HINT}`;
  if (NOT_FOR_HOST.has(code)) return `A secure connection to ${whom} could not be made: its certificate is for another host name (${code}).`;
  return `A secure connection to ${whom} could not be made (${code}).`;
}

/** The TLS_ERROR for a failure with this code. */
export function tlsError(origin: string, code: string, cause: unknown): ApiError {
  return new ApiError('network', 'TLS_ERROR', tlsText(origin, code), { cause });
}
