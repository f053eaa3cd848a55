// Invariant: a project's workflow-webhook secret and the X-Mailwright-Signature header stay byte for
// byte what receivers verify (docs/workflows.md): the values below were computed with openssl.
import { describe, expect, it } from 'vitest';
import { webhookSignature, webhookSigningSecret } from './webhook-secret.ts';

// printf 'webhook-signing:proj_123' | openssl dgst -sha256 -hmac test-signing-secret -binary | base64url
const SECRET = 'whsec_bVkfdl52nS-gScT78gwP76PGd4IUDij0FVouKRdk8Vc';

describe('webhookSigningSecret', () => {
  it('derives the project’s secret from SIGNING_SECRET and the project id', () => {
    expect(webhookSigningSecret('test-signing-secret', 'proj_123')).toBe(SECRET);
  });
});

describe('webhookSignature', () => {
  it('signs "<t>.<body>" in hex, keyed by the whole whsec_ string, t in whole seconds', () => {
    // printf '1700000000.{"hello":"world"}' | openssl dgst -sha256 -hmac "$SECRET"
    expect(webhookSignature(SECRET, '{"hello":"world"}', new Date(1_700_000_000_999))).toBe(
      't=1700000000,v1=02979ec49cf771f3da1d1d00731d08297ab1ec75b6229923ee64de994165f4f9',
    );
  });
});
