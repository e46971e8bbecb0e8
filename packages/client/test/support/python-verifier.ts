import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canRun, onPath } from '../../../../test-support/skips';
import { WebhookVerificationError, verifyWebhook } from '../../src/index';

// docs/webhooks.md, "Receivers in other languages": the Python verifier of examples/verify_webhook.py, run by python3
// on the bytes a receiver got, and the TypeScript `verifyWebhook` on the same bytes, so that a test can hold them together.

export const PYTHON_VERIFIER = fileURLToPath(new URL('../../examples/verify_webhook.py', import.meta.url));

/** One message as a receiver got it: the raw body, its headers, and the receiver's secrets and clock. */
export interface ReceivedMessage {
  body: string | Uint8Array;
  headers: Record<string, string>;
  secrets: string | string[];
  /** The receiver's clock, in seconds; default: python3's own. */
  now?: number;
}

/** The parsed message when it was accepted, else the `reason` of the WebhookVerificationError. */
export type Verdict = { message: unknown } | { reason: string };

// One case a line on stdin, one verdict a line on stdout: a whole test's cases cost one python3 start.
const DRIVER = `
import base64, json, sys
sys.path.insert(0, sys.argv[1])
from verify_webhook import WebhookVerificationError, verify_webhook
for line in sys.stdin:
    case = json.loads(line)
    try:
        verdict = {"message": verify_webhook(base64.b64decode(case["body"]), case["headers"], case["secrets"], now=case["now"])}
    except WebhookVerificationError as error:
        verdict = {"reason": error.reason}
    print(json.dumps(verdict), flush=True)
`;

/** Whether python3 is there; where CI=true a missing one fails the run instead (docs/testing.md). */
export function pythonThere(): boolean {
  return canRun('python3', onPath('python3') !== null);
}

/** Each message's verdict by the Python verifier, in order. Asynchronous, so that a receiver in this process goes on answering. */
export function pythonVerify(messages: ReceivedMessage[]): Promise<Verdict[]> {
  const input = messages
    .map(({ body, headers, secrets, now }) => {
      const bytes = (typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body)).toString('base64');
      return `${JSON.stringify({ body: bytes, headers, secrets, now: now ?? null })}\n`;
    })
    .join('');
  // -B: no __pycache__ left in examples/.
  const child = spawn('python3', ['-B', '-c', DRIVER, dirname(PYTHON_VERIFIER)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`python3 exited with ${code}: ${stderr}`));
      else
        resolve(
          stdout.trim() === ''
            ? []
            : stdout
                .trim()
                .split('\n')
                .map((line) => JSON.parse(line) as Verdict),
        );
    });
  });
}

/** The TypeScript verifier's verdict on the same message (the body as bytes, as a receiver has it). */
export async function typescriptVerify({ body, headers, secrets, now }: ReceivedMessage): Promise<Verdict> {
  try {
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    return { message: await verifyWebhook(bytes, headers, secrets, now === undefined ? {} : { now: new Date(now * 1000) }) };
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { reason: error.reason };
    throw error;
  }
}

/** Both verifiers' verdicts on each message: `python` and `typescript`, in order. */
export async function bothVerify(messages: ReceivedMessage[]): Promise<{ python: Verdict[]; typescript: Verdict[] }> {
  return { python: await pythonVerify(messages), typescript: await Promise.all(messages.map(typescriptVerify)) };
}

/** A verdict in a word: `accepted`, or the reason of the refusal. */
export function outcome(verdict: Verdict): string {
  return 'reason' in verdict ? verdict.reason : 'accepted';
}

/** A message put to both verifiers, by a name for the failure report, with the outcome it must get. */
export type NamedCase = [name: string, message: ReceivedMessage, expected: string];

/**
 * Both verifiers on `cases`: `expected`, `python` and `typescript` as [name, outcome] pairs, to compare whole (a
 * failure then names every case that went wrong), and each verifier's verdicts.
 */
export async function verifyCases(cases: NamedCase[]) {
  const verdicts = await bothVerify(cases.map(([, message]) => message));
  const named = (list: Verdict[]) => cases.map(([name], i) => [name, outcome(list[i]!)]);
  return {
    expected: cases.map(([name, , wanted]) => [name, wanted]),
    python: named(verdicts.python),
    typescript: named(verdicts.typescript),
    verdicts,
  };
}
