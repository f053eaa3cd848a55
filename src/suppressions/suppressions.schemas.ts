/** Request and response views of the suppression list (beyond.md §10, notes/44-api.md). */
import { type Static, Type } from 'typebox';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime, literals } from '../http/schemas.ts';

/** Why a rule holds mail; ERASED rules are erased contacts' addresses (privacy), listed with the rest. */
export const RULE_REASONS = ['BOUNCE', 'COMPLAINT', 'MANUAL', 'ERASED'] as const;
export type RuleReason = (typeof RULE_REASONS)[number];

/** Entries of one POST /suppressions, addresses and domains together. */
export const MAX_RULES_PER_REQUEST = 1000;

export const ListSuppressionsQuery = Type.Object({
  ...CursorQuery.properties,
  reason: Type.Optional(literals(RULE_REASONS)),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 320,
      description:
        'Text the address or the domain contains (case-insensitive). An ERASED rule matches only its whole address.',
    }),
  ),
});
export type ListSuppressionsQuery = Static<typeof ListSuppressionsQuery>;

export const SuppressionRule = Type.Object({
  id: Type.String(),
  address: Type.Optional(Type.String({ description: 'The address the rule holds (lower-cased).' })),
  domain: Type.Optional(
    Type.String({ description: 'The domain whose every address the rule holds (a `*@domain` rule).' }),
  ),
  addressHash: Type.Optional(
    Type.String({
      description:
        'ERASED rules only: the hex SHA-256 of the erased address (trimmed, lower-cased), which is all that is kept of it.',
    }),
  ),
  reason: literals(RULE_REASONS),
  note: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTime,
  expiresAt: Type.Union([DateTime, Type.Null()], {
    description: 'From then on the rule holds no mail; null: never.',
  }),
});
export type SuppressionRule = Static<typeof SuppressionRule>;

export const SuppressionPage = CursorPageOf(SuppressionRule, 'rules, counted up to 10,000 (10000 means at least that)');
export type SuppressionPage = Static<typeof SuppressionPage>;

const Entry = Type.String({ minLength: 1, maxLength: 320 });

export const AddSuppressionsBody = Type.Object({
  addresses: Type.Optional(
    Type.Array(Entry, {
      maxItems: MAX_RULES_PER_REQUEST,
      description: 'Addresses to hold; `*@example.com` holds a whole domain here too.',
    }),
  ),
  domains: Type.Optional(
    Type.Array(Entry, {
      maxItems: MAX_RULES_PER_REQUEST,
      description: 'Domains to hold, as `example.com` or `*@example.com`.',
    }),
  ),
  note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  expiresAt: Type.Optional(
    Type.Union([Type.String({ maxLength: 40, description: 'An ISO 8601 date-time in the future.' }), Type.Null()]),
  ),
});
export type AddSuppressionsBody = Static<typeof AddSuppressionsBody>;

export const AddedSuppressions = Type.Object({
  data: Type.Array(SuppressionRule, {
    description: 'The rules now in force for what was sent (an address that had a rule keeps it), in the order sent.',
  }),
});
export type AddedSuppressions = Static<typeof AddedSuppressions>;

export const SuppressionImport = Type.Object({
  id: Type.String(),
  status: literals(['PENDING', 'RUNNING', 'DONE', 'FAILED']),
  total: Type.Integer({ description: 'Non-blank lines of the file.' }),
  processed: Type.Integer({ description: 'Lines done so far (added, already held, or refused).' }),
  added: Type.Integer({ description: 'New rules (an address or domain that already had one keeps it).' }),
  errors: Type.Array(
    Type.Object({
      line: Type.Integer({
        description: 'The line of the file (1 is the first); 0 for a failure of the whole import.',
      }),
      message: Type.String(),
    }),
    { description: 'One per refused line, the first 1000.' },
  ),
});
export type SuppressionImport = Static<typeof SuppressionImport>;
