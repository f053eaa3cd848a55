/** Settings of accounts and money: sign-up, OAuth sign-in, the secrets sessions and links are signed with, billing. */
import { type Static, Type } from 'typebox';
import { Setting } from './settings.ts';

/** GITHUB_/GOOGLE_CLIENT_ID and _SECRET (both or neither), endpoints overridable by OAUTH_<P>_*_URL. */
function oauthProvider(p: 'GITHUB' | 'GOOGLE', authorize: string, token: string, api: string) {
  return Type.Object(
    {
      clientId: Setting.text(`${p}_CLIENT_ID`),
      clientSecret: Setting.text(`${p}_CLIENT_SECRET`),
      authorizeUrl: Setting.url(`OAUTH_${p}_AUTHORIZE_URL`, authorize),
      tokenUrl: Setting.url(`OAUTH_${p}_TOKEN_URL`, token),
      /** GitHub: the REST API base (…/user, …/user/emails); Google: the OpenID userinfo endpoint. */
      apiUrl: Setting.url(`OAUTH_${p}_API_URL`, api),
    },
    { presentWhen: 'clientId', together: [['clientId', 'clientSecret']] },
  );
}
export type OAuthProviderConfig = Static<ReturnType<typeof oauthProvider>>;

/**
 * OpenID Connect single sign-on (docs/sso.md): on when OIDC_ISSUER is set, which then needs
 * OIDC_CLIENT_ID and OIDC_CLIENT_SECRET. The issuer is kept exactly as given (no trailing slash
 * dropped): discovery compares it with the provider's `issuer`, and some end in a slash.
 */
const OidcSettings = Type.Object(
  {
    issuer: Setting.text('OIDC_ISSUER', undefined, {
      pattern: '^https?://[^\\s#?]+$',
      problem: "must be the provider's issuer URL (http(s), no query or fragment)",
    }),
    clientId: Setting.text('OIDC_CLIENT_ID'),
    clientSecret: Setting.text('OIDC_CLIENT_SECRET', undefined, { quote: false }),
    /** How the client authenticates at the token endpoint, as registered at the provider. */
    clientAuthMethod: Setting.choice(
      'OIDC_CLIENT_AUTH_METHOD',
      ['client_secret_basic', 'client_secret_post'],
      'client_secret_basic',
    ),
    /** What the sign-in button says: "Sign in with {name}". */
    name: Setting.text('OIDC_NAME', 'Single sign-on'),
    /** Email domains that may sign in this way (lower-cased, exact); empty: any domain. */
    allowedDomains: Setting.list('OIDC_ALLOWED_DOMAINS'),
    /** Password sign-in off for everyone but the instance's first owner; unset counts as false. */
    only: Type.Optional(Setting.flag('OIDC_ONLY')),
  },
  {
    presentWhen: 'issuer',
    orphans: true,
    together: [
      ['issuer', 'clientId'],
      ['issuer', 'clientSecret'],
    ],
  },
);

/** STRIPE_SECRET_KEY turns billing on; STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID and STRIPE_API_URL complete it. */
const BillingSettings = Type.Object(
  {
    secretKey: Setting.text('STRIPE_SECRET_KEY'),
    /** Verifies POST /webhooks/incoming/stripe; without it the receiver answers BILLING_DISABLED. */
    webhookSecret: Setting.optionalText('STRIPE_WEBHOOK_SECRET'),
    /** The subscription price checkout sells; without it checkout answers BILLING_DISABLED. */
    priceId: Setting.optionalText('STRIPE_PRICE_ID'),
    /** Where the Stripe API is (tests point it at a loopback server). */
    apiUrl: Setting.url('STRIPE_API_URL', 'https://api.stripe.com'),
  },
  { presentWhen: 'secretKey' },
);
export type BillingConfig = Static<typeof BillingSettings>;

export const AccountSettings = Type.Object({
  disableSignups: Setting.flag('DISABLE_SIGNUPS', false),
  /** OAuth sign-in providers; a provider is enabled when its client id and secret are both set. */
  oauth: Type.Object({
    github: Type.Optional(
      oauthProvider(
        'GITHUB',
        'https://github.com/login/oauth/authorize',
        'https://github.com/login/oauth/access_token',
        'https://api.github.com',
      ),
    ),
    google: Type.Optional(
      oauthProvider(
        'GOOGLE',
        'https://accounts.google.com/o/oauth2/v2/auth',
        'https://oauth2.googleapis.com/token',
        'https://openidconnect.googleapis.com/v1/userinfo',
      ),
    ),
  }),
  /** OpenID Connect sign-in (docs/sso.md); undefined unless OIDC_ISSUER is set. */
  oidc: Type.Optional(OidcSettings),
  /** Stripe billing (docs/billing.md); undefined (billing off) unless STRIPE_SECRET_KEY is set. */
  billing: Type.Optional(BillingSettings),
  /** Secrets given in the environment; missing ones are generated and kept in DATA_DIR (see secrets.ts). */
  secrets: Type.Object({
    jwtSecret: Setting.secret('JWT_SECRET'),
    signingSecret: Setting.secret('SIGNING_SECRET'),
    encryptionKey: Setting.secret('ENCRYPTION_KEY'),
  }),
});
export type AccountConfig = Static<typeof AccountSettings>;
