// A webhook receiver: checks each message's signature, applies the changes in chain order, answers 2xx at once, and
// reads the change feed instead whenever a message is missing. Serve it behind your HTTPS proxy; run it with
// CAMPSITE_URL=… CAMPSITE_KEY=… WEBHOOK_SECRET=whsec_… START_CURSOR=<the endpoint's position> npx tsx webhook-receiver.ts
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { CampsiteClient, type Change, WebhookVerificationError, chainStep, verifyWebhook } from '@campsite/client';

/** Your copy of the data. Keep the cursor in the same database as the records, written in the same transaction. */
export interface Mirror {
  /** The cursor stored last; at first, the endpoint's `position` from the answer that created it. */
  cursor(): Promise<string>;
  /** Applies the changes (in order) and stores `cursor` with them, all or nothing. */
  apply(changes: Change[], cursor: string): Promise<void>;
}

export function webhookReceiver(api: CampsiteClient, secrets: string[], mirror: Mirror) {
  let reading = false;
  let again = false;

  // Reads the feed from the stored cursor to its end, a page per transaction, in the background. A message that comes
  // in meanwhile asks for one more round, so that its changes are read too even if they committed after the last page.
  const catchUp = async () => {
    again = true;
    if (reading) return;
    reading = true;
    try {
      while (again) {
        again = false;
        let page: Change[] = [];
        const changes = api.changes.follow({
          after: await mirror.cursor(),
          saveCursor: async (cursor) => {
            await mirror.apply(page, cursor);
            page = [];
          },
        });
        for await (const change of changes) page.push(change);
      }
    } catch (error) {
      // Logged only: the next message finds the gap again and starts over from the stored cursor.
      console.error('reading the change feed failed', error);
    } finally {
      reading = false;
    }
  };

  return async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let message;
    try {
      // The raw bytes, as signed: never a body that was parsed and printed again.
      message = await verifyWebhook(Buffer.concat(chunks), req.headers, secrets);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      res.writeHead(error.reason === 'invalid_body' ? 400 : 401).end();
      return;
    }
    // A ping, or a type of a later version: acknowledge it and do nothing.
    if (message.type === 'changes') {
      const step = reading ? 'gap' : chainStep(await mirror.cursor(), message);
      if (step === 'next') await mirror.apply(message.data.results, message.data.cursor);
      // The feed holds the same entries: never apply a message that does not continue from your cursor.
      if (step === 'gap') void catchUp();
      // `repeat`: the answer to it was lost and it came again; it is applied already.
    }
    res.writeHead(204).end();
  };
}

/** An in-memory mirror for trying the receiver out; use your database instead. */
export function memoryMirror(start: string) {
  const records = new Map<string, Change['object']>();
  let stored = start;
  return {
    records,
    cursor: async () => stored,
    apply: async (changes: Change[], cursor: string) => {
      for (const change of changes) {
        if (change.deleted) records.delete(`${change.type}:${change.id}`);
        else records.set(`${change.type}:${change.id}`, change.object);
      }
      stored = cursor;
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = (name: string) => process.env[name] ?? '';
  const api = new CampsiteClient({ baseUrl: env('CAMPSITE_URL'), apiKey: env('CAMPSITE_KEY') });
  // During a rotation, give the new secret and the old one: WEBHOOK_SECRET="whsec_new whsec_old".
  const receive = webhookReceiver(api, env('WEBHOOK_SECRET').split(' '), memoryMirror(env('START_CURSOR')));
  createServer((req, res) => {
    receive(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  }).listen(Number(process.env.PORT ?? 3000));
}
