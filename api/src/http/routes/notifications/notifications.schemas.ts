import { Notification as ContractNotification } from '@autoroute/contract/notifications';
import { named } from '../../openapi.ts';

/** The inbox's answers (@autoroute/contract/notifications), named in the API document. */
export const Notification = named(ContractNotification, 'Notification');
