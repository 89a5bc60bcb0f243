import { DatacronRun, RUN_OUTCOMES, RUN_TRIGGERS } from '@autoroute/contract/cron';

export const OUTCOMES = RUN_OUTCOMES;
export const TRIGGERS = RUN_TRIGGERS;

/** One run of a scheduled job (@autoroute/contract/cron), named in the API document. */
export const Run = DatacronRun.openapi('DatacronRun');
