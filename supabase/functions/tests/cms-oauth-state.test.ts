// cms-oauth's signed state and settings, in Deno (`npm run test:functions`): a state round-trips
// until it expires, and one signed with another secret, altered, or of no shape is refused; the
// settings name each missing variable and never repeat the client secret. The whole sign-in,
// through HTTP against a stand-in for GitHub, is tests/functions/cms-oauth.test.ts.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { Misconfigured, type VariableName } from '../_shared/settings.ts';
import { readOAuthSettings } from '../cms-oauth/settings.ts';
import { challengeOf, verifierMatches } from '../cms-oauth/pkce.ts';
import { issueState, readState, STATE_TTL_SECONDS } from '../cms-oauth/state.ts';

const SECRET = 'a'.repeat(40);
const NOW = Date.UTC(2026, 10, 28, 12);
const CHALLENGE = challengeOf('v'.repeat(43));

Deno.test('a state is read back, with the challenge it was issued for, until it expires, 10 minutes after it was issued', () => {
  const { state, payload } = issueState(SECRET, CHALLENGE, NOW);
  assert.equal(payload.challenge, CHALLENGE);
  assert.equal(STATE_TTL_SECONDS, 600);
  assert.deepEqual(readState(SECRET, state, NOW), payload);
  assert.deepEqual(readState(SECRET, state, NOW + 599_000), payload);
  assert.equal(readState(SECRET, state, NOW + 600_000), 'expired');
});

Deno.test('a state signed with another secret, altered, or of no shape is forged', () => {
  const { state } = issueState(SECRET, CHALLENGE, NOW);
  assert.equal(readState('b'.repeat(40), state, NOW), 'forged');
  const [payload, signature] = state.split('.') as [string, string];
  const later = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: 9_999_999_999 })).toString('base64url');
  assert.equal(readState(SECRET, `${later}.${signature}`, NOW), 'forged');
  for (const shape of ['', '.', state + '.x', `${payload}.`, `${payload}.${signature.slice(1)}`, 'x'.repeat(300) + '.' + signature]) {
    assert.equal(readState(SECRET, shape, NOW), 'forged', shape);
  }
});

Deno.test('the settings name each missing variable and never repeat the client secret', () => {
  const env = (values: Partial<Record<VariableName, string>>) => (name: VariableName) => values[name];
  try {
    readOAuthSettings(env({ SITE_URL: 'https://www.bridgewayvisa.com', GITHUB_OAUTH_CLIENT_ID: 'Ov23liAbc123', GITHUB_OAUTH_CLIENT_SECRET: 'short-secret' }));
    assert.fail('no Misconfigured was thrown');
  } catch (error) {
    assert.ok(error instanceof Misconfigured);
    assert.deepEqual(error.problems, ['GITHUB_OAUTH_CLIENT_SECRET: must be a client secret of the OAuth App (40 hex digits).']);
  }
  const settings = readOAuthSettings(env({ SITE_URL: 'https://www.bridgewayvisa.com/', GITHUB_OAUTH_CLIENT_ID: 'Ov23liAbc123', GITHUB_OAUTH_CLIENT_SECRET: SECRET }));
  assert.deepEqual(settings, { clientId: 'Ov23liAbc123', clientSecret: SECRET, siteUrl: 'https://www.bridgewayvisa.com', githubUrl: 'https://github.com' });
});

Deno.test("PKCE: the S256 challenge of RFC 7636's example verifier, and only that verifier matches it", () => {
  // RFC 7636, Appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  assert.equal(challengeOf(verifier), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  assert.equal(verifierMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'), true);
  assert.equal(verifierMatches(verifier.replace('d', 'e'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'), false);
  assert.equal(verifierMatches('short', challengeOf('short')), false);
});
