/**
 * The fields a condition can test, as the builder's field picker lists them: the segment catalogue
 * (contact fields, custom events, email facts, other segments, topics) and the workflow one (GET
 * /workflows/fields, which adds the trigger event's data). Pure.
 */
import { activeLanguage } from '../i18n/active-language.ts';
import { i18n } from '../i18n/i18n.ts';
import { msg } from '../i18n/msg.ts';
import type { EmailFact, Operator } from './language.ts';
import { type FieldKind, KIND_OPERATORS, TRIGGER_OPERATORS } from './operators.ts';

export type FieldSection =
  | 'Contact'
  | 'Custom fields'
  | 'Event data'
  | 'Workflow context'
  | 'Events'
  | 'Email activity'
  | 'Segments'
  | 'Topics';
/** The picker's groups, in order; each is an English message the picker translates. */
export const SECTIONS: FieldSection[] = [
  msg('Contact'),
  msg('Custom fields'),
  msg('Event data'),
  msg('Workflow context'),
  msg('Events'),
  msg('Email activity'),
  msg('Segments'),
  msg('Topics'),
];

/** A field a condition can test, as the field picker lists it (`label` in the dashboard's language). */
export interface FieldOption {
  /** The picker's value: the field name, made unique where two options test one name differently. */
  key: string;
  field: string;
  label: string;
  kind: FieldKind;
  section: FieldSection;
}

/** The email facts `email.<fact>` tests (FilterEmailFact), in the picker's words and order. */
// English messages, translated when a catalogue is made (never at module load).
const EMAIL_FACTS: Record<EmailFact, string> = {
  sent: msg('Was sent an email'),
  delivered: msg('Had an email delivered'),
  opened: msg('Opened an email'),
  clicked: msg('Clicked a link in an email'),
  bounced: msg('Bounced an email'),
  complained: msg('Marked an email as spam'),
};
const FACT_FIELDS = Object.entries(EMAIL_FACTS).map(([fact, label]) => ({ field: `email.${fact}`, label }));

const STANDARD: Record<string, { label: string; kind: FieldKind }> = {
  email: { label: msg('Email'), kind: 'string' },
  subscribed: { label: msg('Subscribed'), kind: 'boolean' },
  createdAt: { label: msg('Created'), kind: 'date' },
  updatedAt: { label: msg('Last updated'), kind: 'date' },
};

type Draft = Omit<FieldOption, 'key'>;

const byLabel = (a: Draft, b: Draft) => a.label.localeCompare(b.label, activeLanguage());

function asKind(type: string): FieldKind {
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'date' ? type : 'any';
}

function emailFacts(): Draft[] {
  return FACT_FIELDS.map((f) => ({ ...f, label: i18n.t(f.label), kind: 'email', section: 'Email activity' }));
}

function contactField(field: string, type: string): Draft {
  const standard = STANDARD[field];
  if (standard) return { field, label: i18n.t(standard.label), kind: standard.kind, section: 'Contact' };
  return { field, label: field.replace(/^data\./, ''), kind: asKind(type), section: 'Custom fields' };
}

/** Keys are field names; a second option on the same name gets its kind added. */
function withKeys(drafts: Draft[]): FieldOption[] {
  const seen = new Set<string>();
  return drafts.map((d) => {
    const key = seen.has(d.field) ? `${d.field}~${d.kind}` : d.field;
    seen.add(d.field);
    return { ...d, key };
  });
}

const topicOption = (id: string, name: string): Draft => ({
  field: `topic.${id}`,
  label: name,
  kind: 'topic',
  section: 'Topics',
});

/**
 * What a segment or campaign audience can test: the standard fields, the project's custom fields
 * (typed by GET /contacts/fields), its custom event names, the email facts, its other segments and
 * its topics (by name).
 */
export function segmentFieldOptions(input: {
  fields: Array<{ field: string; type: string; isCustom: boolean }>;
  events: Array<{ name: string; system: boolean }>;
  segments: Array<{ id: string; name: string }>;
  topics: Array<{ id: string; name: string }>;
  /** The segment being edited: it cannot contain itself. */
  excludeSegmentId?: string;
}): FieldOption[] {
  const standard = Object.keys(STANDARD).map((f) => contactField(f, ''));
  const custom = input.fields
    .filter((f) => f.isCustom && f.field.startsWith('data.'))
    .map((f) => contactField(f.field, f.type))
    .sort(byLabel);
  const events = input.events
    .filter((e) => !e.system)
    .map((e): Draft => ({ field: `event.${e.name}`, label: e.name, kind: 'event', section: 'Events' }))
    .sort(byLabel);
  const segments = input.segments
    .filter((s) => s.id !== input.excludeSegmentId)
    .map((s): Draft => ({ field: `segment.${s.id}`, label: s.name, kind: 'segment', section: 'Segments' }));
  const topics = input.topics.map((t) => topicOption(t.id, t.name)).sort(byLabel);
  return withKeys([...standard, ...custom, ...events, ...emailFacts(), ...segments, ...topics]);
}

/** A field of GET /workflows/fields. */
export interface WorkflowFieldInfo {
  field: string;
  type: string;
  source: string;
}

/**
 * What a workflow condition can test, from GET /workflows/fields: the contact's fields, the data
 * keys of the trigger event (`event.<key>`, compared as values), context keys (`workflow.<key>`)
 * where listed, the events the contact did, the email facts, the segments (named by `segmentNames`)
 * and the topics (named by `topicNames`; by id until the names are in).
 */
export function workflowFieldOptions(
  fields: WorkflowFieldInfo[],
  segmentNames: ReadonlyMap<string, string>,
  topicNames: ReadonlyMap<string, string> = new Map(),
): FieldOption[] {
  const drafts = fields.map((f): Draft => {
    if (f.source === 'contact') return contactField(f.field, f.type);
    if (f.source === 'segment') {
      const id = f.field.slice('segment.'.length);
      return { field: f.field, label: segmentNames.get(id) ?? id, kind: 'segment', section: 'Segments' };
    }
    if (f.source === 'topic') {
      const id = f.field.slice('topic.'.length);
      return topicOption(id, topicNames.get(id) ?? id);
    }
    if (f.source === 'email') {
      const fact = FACT_FIELDS.find((e) => e.field === f.field);
      const label = fact ? i18n.t(fact.label) : f.field;
      return { field: f.field, label, kind: 'email', section: 'Email activity' };
    }
    if (f.source === 'context')
      return { field: f.field, label: f.field, kind: asKind(f.type), section: 'Workflow context' };
    const label = f.field.slice('event.'.length);
    if (f.type === 'event') return { field: f.field, label, kind: 'event', section: 'Events' };
    return { field: f.field, label, kind: asKind(f.type), section: 'Event data' };
  });
  return withKeys(drafts);
}

/**
 * The option a condition's field is, even when the catalogue does not list it (a field deleted
 * since, an event never tracked yet, a path typed by hand): its namespace and operator say what it
 * is. Where two options share the name, the one whose operators include `operator` wins.
 */
export function findOption(field: string, operator: Operator, options: FieldOption[]): FieldOption {
  const matches = options.filter((o) => o.field === field);
  const known = matches.find((o) => KIND_OPERATORS[o.kind].includes(operator)) ?? matches[0];
  if (known) return known;
  const at = (kind: FieldKind, label: string, section: FieldSection): FieldOption => ({
    key: field,
    field,
    label,
    kind,
    section,
  });
  const rest = field.slice(field.indexOf('.') + 1);
  if (field.startsWith('event.')) {
    return TRIGGER_OPERATORS.includes(operator) ? at('event', rest, 'Events') : at('any', rest, 'Event data');
  }
  if (field.startsWith('email.')) return at('email', field, 'Email activity');
  if (field.startsWith('segment.')) return at('segment', i18n.t('Deleted segment'), 'Segments');
  if (field.startsWith('topic.')) return at('topic', i18n.t('Deleted topic'), 'Topics');
  if (field.startsWith('data.')) return at('any', rest, 'Custom fields');
  if (field.startsWith('workflow.')) return at('any', field, 'Workflow context');
  return at('any', field, 'Contact');
}

/** Whether the catalogue lists the option (else it is a path typed by hand, or gone). */
export const isListed = (option: FieldOption, options: FieldOption[]) => options.some((o) => o.key === option.key);

/** The operators a field typed by hand takes: value operators, and on `event.` the event counts too. */
export function customOperators(field: string): Operator[] {
  return field.startsWith('event.') ? [...KIND_OPERATORS.any, ...TRIGGER_OPERATORS] : KIND_OPERATORS.any;
}
