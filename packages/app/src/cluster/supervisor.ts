import cluster, { type Worker } from 'node:cluster';
import { MemoryRateLimiter, type RateLimiter, systemClock } from '@campsite/domain';
import type { Config } from '../config';
import { createContainer } from '../container';
import { announceListening } from '../server';
import { seedAndPrintDemoKey } from '../demo/seed-demo';
import { loadTls } from '../tls';
import { migrateWhenReachable } from '../wait-for-database';
import { answerRateLimits } from './cluster-rate-limiter';
import { isClusterMessage } from './messages';
import { type MetricsListener, listenForScrapes } from '../observability/metrics-listener';
import { createClusterMetrics } from '../observability/metrics';

/** A worker that keeps dying is not restarted for ever: more than this many replacements a minute stop the service. */
export const MAX_RESTARTS_PER_MINUTE = 5;
const DRAIN_GRACE_MS = 15_000;

export interface SupervisorIo {
  print(text: string): void;
}

/**
 * `serve --workers N` (docs/operations.md, Workers): this process migrates, makes the development certificate, forks
 * N workers that listen on one port (node:cluster hands them the connections in turn), seeds the demo tenant once
 * they all listen and prints the one listening line. It then holds the rate-limit counters of SQLite deployments,
 * replaces a worker that dies, and on SIGTERM or SIGINT has every worker drain. Resolves with the exit status once
 * every worker has ended.
 */
export async function superviseWorkers(config: Config, io: SupervisorIo): Promise<number> {
  const container = await createContainer(config, { logDestination: 1 });
  const { logger } = container;
  let limiter: RateLimiter | undefined;
  let metrics: MetricsListener | undefined;
  try {
    await migrateWhenReachable(container.persistence, logger);
    // Made here, once: N workers finding no certificate at once would each write one.
    await loadTls(config, logger);
    // Postgres shares its counters in the database; SQLite's live here, in the one process every worker reaches.
    if (!container.persistence.rateLimiter) limiter = new MemoryRateLimiter(systemClock);
    // docs/observability.md, "With workers": one listener here, whose scrape sums every worker's metrics.
    if (config.metrics) {
      const { render } = await createClusterMetrics();
      metrics = await listenForScrapes(config.metrics, render, logger);
    }
  } catch (error) {
    await container.close();
    throw error;
  }

  const workers = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  /** Set once every first worker listens; before that a worker that exits fails the start instead of being replaced. */
  let running = false;
  let settle: (status: number) => void = () => {
    // Replaced at once by the promise below.
  };
  const done = new Promise<number>((resolve) => (settle = resolve));
  let status = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    workers.add(worker);
    if (limiter) answerRateLimits(worker, limiter);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping || !running) {
        // The exit status is the drain's: 1 when any worker could not finish its requests.
        if (code !== 0) status = 1;
        if (stopping && workers.size === 0) settle(status);
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, 'worker died');
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        logger.error({ restarts: restarts.length }, `workers died more than ${MAX_RESTARTS_PER_MINUTE} times in a minute: stopping`);
        stop(1);
        return;
      }
      const replacement = fork();
      replacement.once('message', (message: unknown) => {
        if (isClusterMessage(message, 'listening')) logger.info({ pid: replacement.process.pid }, 'replacement worker ready');
      });
    });
    return worker;
  };

  const stop = (exitStatus = 0) => {
    if (stopping) return;
    stopping = true;
    status = Math.max(status, exitStatus);
    logger.info({ workers: workers.size }, 'shutting down: every worker drains');
    if (workers.size === 0) settle(status);
    for (const worker of workers) if (worker.isConnected()) worker.send({ campsite: 'stop' });
    // A worker whose drain hangs past its own timeout is ended here.
    setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, DRAIN_GRACE_MS).unref();
  };

  const onSignal = () => {
    // A second signal while draining means "now".
    if (stopping) {
      for (const worker of workers) worker.process.kill('SIGKILL');
      settle(1);
      return;
    }
    stop();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  // Every first worker must listen before the service says it does; one that fails to start stops the start.
  const started = Array.from({ length: config.workers }, () => fork());
  let url: string;
  try {
    url = (
      await Promise.all(
        started.map(
          (worker) =>
            new Promise<string>((resolve, reject) => {
              const onMessage = (message: unknown) => {
                if (!isClusterMessage(message, 'listening')) return;
                worker.off('exit', onExit);
                resolve(message.url);
              };
              const onExit = (code: number | null) => reject(new Error(`a worker exited with ${code} while starting`));
              worker.on('message', onMessage);
              worker.once('exit', onExit);
            }),
        ),
      )
    )[0]!;
    const { protocol, port } = new URL(url);
    await seedAndPrintDemoKey(container, { scheme: protocol === 'https:' ? 'https' : 'http', port: Number(port) }, io.print);
  } catch (error) {
    stop(1);
    await done;
    await metrics?.close();
    throw error;
  } finally {
    await container.close();
  }
  running = true;
  // The scrape listener stays until the last worker has ended, then closes with the supervisor.
  if (metrics) {
    const listener = metrics;
    io.print(`metrics on ${listener.url}`);
    void done.then(() => listener.close());
  }
  announceListening(url, io.print);
  logger.info({ url, workers: config.workers }, 'ready');
  return done;
}
