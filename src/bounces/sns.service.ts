/**
 * The SNS receiver's rules: refuse (403) anything not verifiably sent by SNS for an accepted topic
 * within the replay window; confirm subscriptions only on SNS's own hosts; apply each notification's
 * SES feedback once, whatever number of copies SNS delivers (MessageId and effect in one transaction).
 */
import type { Deps } from '../deps.ts';
import { forbidden } from '../errors.ts';
import { resolverAddresses } from '../lib/outbound/request.ts';
import { deleteSnsMessagesBefore, insertSnsMessage } from './feedback.repo.ts';
import { applyFeedback } from './feedback.service.ts';
import { feedbackFromSes } from './ses-events.ts';
import {
  allowedSnsUrl,
  type CertFetcher,
  fetchLimited,
  REPLAY_WINDOW_MS,
  type SnsGuard,
  type SnsMessage,
  snsRefusal,
} from './sns.ts';

type SnsDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'eventListeners' | 'dns' | 'jobs' | 'suppressionRules'>;

/** What the receiver did with a verified message. */
export type SnsOutcome = 'applied' | 'duplicate' | 'confirmed' | 'ignored';

/** Verifies and handles one SNS message; 403 FORBIDDEN when it is not authentic, fresh and for an accepted topic. */
export async function receiveSnsMessage(deps: SnsDeps, m: SnsMessage, fetchCert: CertFetcher): Promise<SnsOutcome> {
  const { snsTopicArns: topicArns, snsCertHosts: certHosts } = deps.config;
  const refusal = await snsRefusal(m, { topicArns, certHosts, now: deps.clock.now(), fetchCert });
  if (refusal) {
    deps.log.warn({ topicArn: m.TopicArn, messageId: m.MessageId, refusal }, 'SNS message refused');
    throw forbidden(`The SNS message was refused: ${refusal}.`);
  }
  if (m.Type === 'SubscriptionConfirmation') return confirmSubscription(deps, m);
  if (m.Type !== 'Notification') return 'ignored';
  const feedback = feedbackFromSes(m.Message);
  return deps.db.transaction().execute(async (trx) => {
    // The id commits with the effects: a copy racing this one waits on the row, then finds it taken.
    if (!(await insertSnsMessage(trx, m.MessageId, deps.clock.now()))) return 'duplicate';
    for (const f of feedback) await applyFeedback(trx, deps, f);
    return feedback.length > 0 ? 'applied' : 'ignored';
  });
}

/** GETs the SubscribeURL, only on an SNS host (the URL comes from the caller: anything else would be SSRF). */
async function confirmSubscription(deps: SnsDeps, m: SnsMessage): Promise<SnsOutcome> {
  const url = m.SubscribeURL ? allowedSnsUrl(m.SubscribeURL, deps.config.snsCertHosts) : undefined;
  if (!url) throw forbidden('The SubscribeURL is not on an SNS host.');
  try {
    await fetchLimited(url, { ...snsGuard(deps), timeoutMs: 10_000, maxBytes: 64 * 1024 });
    deps.log.info({ topicArn: m.TopicArn }, 'SNS subscription confirmed');
    return 'confirmed';
  } catch (err) {
    // SNS does not resend a confirmation on an error answer; the operator re-requests it from the console.
    deps.log.error({ err, topicArn: m.TopicArn }, 'SNS subscription confirmation failed');
    return 'ignored';
  }
}

/** SNS fetches go through the outbound guard; only the hosts the operator listed in SNS_CERT_HOSTS are exempt. */
export function snsGuard(deps: Pick<Deps, 'config' | 'dns'>): SnsGuard {
  return { allowedHosts: deps.config.snsCertHosts, resolve: resolverAddresses(deps.dns) };
}

/** Forgets SNS ids older than the replay window (with an hour's margin): their copies are refused by timestamp. */
export async function pruneSnsMessages(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await deleteSnsMessagesBefore(deps.db, new Date(deps.clock.now().getTime() - 2 * REPLAY_WINDOW_MS));
}
