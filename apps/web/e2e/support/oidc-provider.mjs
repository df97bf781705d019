// A local OpenID Connect provider for the end-to-end tests (oauth2-mock-server), started by playwright.config.ts.
// It signs in whoever the browser names in its `oidc_login` cookie (an email), so each test is its own user;
// without the cookie it is a fixed test user.
//
//   node e2e/support/oidc-provider.mjs <port>
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.argv[2] ?? 3102);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');

const users = new Map();
const fallback = 'oidc.reader@example.com';

function profile(email) {
  const local = email.split('@')[0];
  return { sub: `oidc|${local}`, email, email_verified: true, name: local.replace(/[._]/g, ' ') };
}

function cookie(req, name) {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(req.headers.cookie ?? '');
  return match ? decodeURIComponent(match[1]) : null;
}

server.service.on('beforeAuthorizeRedirect', (redirect, req) => {
  const code = redirect.url.searchParams.get('code');
  if (code) users.set(code, cookie(req, 'oidc_login') ?? fallback);
});

server.service.on('beforeTokenSigning', (token, req) => {
  const email = users.get(req.body?.code) ?? fallback;
  Object.assign(token.payload, profile(email));
});

server.service.on('beforeUserinfo', (response, req) => {
  const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  let email = fallback;
  try {
    email = JSON.parse(Buffer.from(bearer.split('.')[1], 'base64url').toString()).email ?? fallback;
  } catch {
    // A token this provider did not sign: answer for the fallback user.
  }
  response.body = profile(email);
});

await server.start(port, '127.0.0.1');
// The issuer must be the address the auth service was configured with, not the mock's default `localhost`.
server.issuer.url = `http://127.0.0.1:${port}`;
console.log(`oidc test provider at ${server.issuer.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop().then(() => process.exit(0)));
