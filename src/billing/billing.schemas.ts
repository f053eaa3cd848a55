import { type Static, Type } from 'typebox';
import { DateTime, literals } from '../http/schemas.ts';

const Cap = Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000_000 }), Type.Null()], {
  description: 'Emails per billing period; null: no cap.',
});

export const BillingLimits = Type.Object({ transactional: Cap, marketing: Cap, workflow: Cap });
export type BillingLimits = Static<typeof BillingLimits>;

/** Categories left out keep their cap; null removes one. */
export const UpdateBillingLimitsBody = Type.Partial(BillingLimits);
export type UpdateBillingLimitsBody = Static<typeof UpdateBillingLimitsBody>;

export const BillingConsumption = Type.Object({
  periodStart: DateTime,
  periodEnd: Type.String({ format: 'date-time', description: 'Exclusive.' }),
  transactional: Type.Integer(),
  marketing: Type.Integer(),
  workflow: Type.Integer(),
  total: Type.Integer(),
});
export type BillingConsumption = Static<typeof BillingConsumption>;

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const BillingInvoice = Type.Object({
  id: Type.String(),
  number: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Enum(INVOICE_STATUSES), Type.Null()], {
    description: "Stripe's invoice status; null when Stripe gives none or one not listed here.",
  }),
  amountDue: Type.Integer({ description: 'In the currency’s smallest unit (cents).' }),
  amountPaid: Type.Integer(),
  currency: Type.String(),
  created: DateTime,
  hostedInvoiceUrl: Type.Union([Type.String(), Type.Null()]),
});
export type BillingInvoice = Static<typeof BillingInvoice>;

export const BillingUrl = Type.Object({ url: Type.String() });
export type BillingUrl = Static<typeof BillingUrl>;

export const StripeWebhookReply = Type.Object({
  received: Type.Literal(true),
  outcome: literals(['handled', 'duplicate', 'ignored']),
});
export type StripeWebhookReply = Static<typeof StripeWebhookReply>;
