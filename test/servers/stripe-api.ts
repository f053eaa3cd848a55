// A loopback HTTP server playing the parts of the Stripe API that billing uses: customers, Checkout
// sessions, billing portal sessions and invoice lists. Every request is recorded with its form body
// decoded, so tests assert what Mailwright asked Stripe for. Also signs webhook payloads the way
// Stripe does (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">).

import { createHmac } from 'node:crypto';
import { type HttpListener, type RecordedRequest, startHttpListener } from './http-listener.ts';

export interface StripeRequest extends RecordedRequest {
  /** The form-encoded body as flat bracketed keys, e.g. `line_items[0][price]`. */
  form: Record<string, string>;
  /** Path without the query string. */
  route: string;
  query: URLSearchParams;
}

export interface FakeInvoice {
  id: string;
  number: string | null;
  status: string;
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: number;
  hosted_invoice_url: string | null;
}

export interface StripeApiServer {
  url: string;
  /** Requests to `method route`, e.g. ('POST', '/v1/customers'). */
  calls(method: string, route: string): StripeRequest[];
  /** Invoices /v1/invoices lists for `customer`. */
  setInvoices(customer: string, invoices: FakeInvoice[]): void;
  /** Makes every later API call answer 500 (Stripe down), or back to normal with false. */
  fail(on: boolean): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({
  status,
  headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
  body: JSON.stringify(body),
});

function decode(req: RecordedRequest): StripeRequest {
  const u = new URL(req.path, 'http://stripe.test');
  return { ...req, form: Object.fromEntries(new URLSearchParams(req.body)), route: u.pathname, query: u.searchParams };
}

export async function startStripeApi(): Promise<StripeApiServer> {
  const http: HttpListener = await startHttpListener();
  const invoices = new Map<string, FakeInvoice[]>();
  let n = 0;
  let failing = false;
  http.respond((raw) => {
    const req = decode(raw);
    if (failing) return json(500, { error: { type: 'api_error', message: 'Stripe is down (test)' } });
    if (req.headers.authorization !== 'Bearer sk_test_mailwright') {
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    n += 1;
    if (req.method === 'POST' && req.route === '/v1/customers') {
      return json(200, { id: `cus_test${n}`, object: 'customer', email: req.form.email, metadata: {} });
    }
    if (req.method === 'POST' && req.route === '/v1/checkout/sessions') {
      const id = `cs_test_${n}`;
      return json(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
    }
    if (req.method === 'POST' && req.route === '/v1/billing_portal/sessions') {
      const id = `bps_test_${n}`;
      return json(200, { id, object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/${id}` });
    }
    if (req.method === 'GET' && req.route === '/v1/invoices') {
      const data = (invoices.get(req.query.get('customer') ?? '') ?? []).map((i) => ({ object: 'invoice', ...i }));
      return json(200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.route})` } });
  });
  return {
    url: http.url,
    calls: (method, route) => http.requests.map(decode).filter((r) => r.method === method && r.route === route),
    setInvoices: (customer, list) => invoices.set(customer, list),
    fail: (on) => {
      failing = on;
    },
    close: () => http.close(),
  };
}

/** The Stripe-Signature header Stripe would send for `payload` at `timestamp` (unix seconds). */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
