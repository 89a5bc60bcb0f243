import { DatacronRun, RUN_OUTCOMES, RUN_TRIGGERS } from '@autoroute/contract/cron';
import { named } from '../../openapi.ts';

export const OUTCOMES = RUN_OUTCOMES;
export const TRIGGERS = RUN_TRIGGERS;

/** One run of a scheduled job (@autoroute/contract/cron), named in the API document. */
export const Run = named(DatacronRun, 'DatacronRun');
