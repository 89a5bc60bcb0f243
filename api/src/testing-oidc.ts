import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestPerson {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People who can sign in at the provider, by login (their subject). Anyone else gets `<login>@example.test`, verified. */
  people: Map<string, TestPerson>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on a loopback port, for the federated
 * sign-in tests: its development login page accepts any login and password, and our client is
 * granted `openid email profile` without a consent screen, as a first-party client would be.
 */
export async function startIdentityProvider(options: { redirectUris: string[]; port?: number }): Promise<TestIdentityProvider> {
  const people = new Map<string, TestPerson>();
  const clientId = 'autoroute-test';
  const clientSecret = 'autoroute-test-secret-0123456789';
  const server: Server = await new Promise((resolve) => {
    const s = createServer().listen(options.port ?? 0, '127.0.0.1', () => resolve(s));
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'preferred_username'],
    },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const person = people.get(sub) ?? { email: `${sub}@example.test`.toLowerCase(), email_verified: true };
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
