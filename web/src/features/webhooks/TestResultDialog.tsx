/** What the endpoint answered to a test message: status, time taken and the start of its body. */
import { Button } from '../../components/Button.tsx';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import type { TestAttempt } from '../../queries/webhooks.ts';
import { HttpStatus } from './shared.tsx';

export function TestResultDialog({ attempt, onClose }: { attempt: TestAttempt | null; onClose: () => void }) {
  return (
    <Dialog
      open={attempt !== null}
      onClose={onClose}
      title={attempt?.delivered ? 'Test message delivered' : 'Test message not delivered'}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {attempt && (
        <div className="space-y-3 text-sm text-slate-700">
          <p className="flex flex-wrap items-center gap-2" data-testid="test-result">
            <HttpStatus status={attempt.status} />
            <span>in {attempt.durationMs} ms</span>
          </p>
          <p>
            {attempt.delivered
              ? 'Your endpoint took the webhook.test message. It is in the message log below.'
              : 'Anything but a 2xx answer within 10 seconds counts as a failure. The answer, or what went wrong:'}
          </p>
          {attempt.body ? (
            <CodeBlock label="Response body (first 1 KB)" text={attempt.body} />
          ) : (
            <p className="text-slate-500">The response had no body.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
