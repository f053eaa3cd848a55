/**
 * The Stripe SDK client of a billing configuration, built once per configuration. STRIPE_API_URL
 * points it elsewhere than api.stripe.com (tests use a loopback server playing the Stripe API).
 */
import Stripe from 'stripe';
import type { BillingConfig } from '../config.ts';
import { AppError, paymentProviderError } from '../errors.ts';

const clients = new WeakMap<BillingConfig, Stripe>();

export function stripeFor(config: BillingConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const url = new URL(config.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(config.secretKey, {
      host: url.hostname,
      port: url.port || (protocol === 'http' ? 80 : 443),
      protocol,
      // One retry for a dropped connection; a dashboard request must not hang on the provider.
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
    });
    clients.set(config, client);
  }
  return client;
}

/** Runs a Stripe call; its failures become 502 PAYMENT_PROVIDER_ERROR (without Stripe's internals). */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = err instanceof Stripe.errors.StripeError ? err.message : 'no answer';
    throw paymentProviderError(`Stripe refused or failed to ${what}: ${message}`);
  }
}
