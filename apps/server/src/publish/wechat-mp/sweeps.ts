import type { Logger } from 'pino';
import type { TaskQueue } from '../../generation/task-runner.js';
import { startPeriodic } from '../../platform/periodic.js';
import type { PublishDeps } from './publish.js';
import { SWEEP_POLL_EVERY_MS, pollSubmittedPublications } from './publish-status.js';
import { SCHEDULE_SWEEP_EVERY_MS, sweepDuePublications } from './schedule.js';

/**
 * The periodic work of publishing, on processes that run jobs (role worker or all): due scheduled
 * publications handed to the queue every 15 s, submitted ones asked about every 30 s for a day.
 * NOTE: started by app.ts beside the job handler rather than by sweepers.ts, whose callers do not
 * pass the queue; both run exactly where the worker runs.
 */
export function startWechatPublishSweeps(deps: { publish: PublishDeps; queue: TaskQueue; logger: Logger }): () => Promise<void> {
  const logger = deps.logger.child({ module: 'wechat-mp' });
  const stops = [
    startPeriodic('wechat-publish-due', () => sweepDuePublications({ db: deps.publish.db, queue: deps.queue, logger }), SCHEDULE_SWEEP_EVERY_MS, logger),
    startPeriodic('wechat-publish-status', () => pollSubmittedPublications({ ...deps.publish, logger }), SWEEP_POLL_EVERY_MS, logger),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
