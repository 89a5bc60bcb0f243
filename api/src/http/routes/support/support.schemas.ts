import { z } from '@hono/zod-openapi';
import { SupportBody as DomainSupportBody } from '../../../domain/support/support.inputs.ts';
import { named } from '../../openapi.ts';

export const SupportBody = named(DomainSupportBody, 'SupportRequestBody');

export const SupportCreated = named(
  z.object({
    id: z.number().openapi({ description: 'The request number, quoted in the confirmation mail' }),
    priority: z.boolean().openapi({ description: "The member's plan in force includes priority support: handled first" }),
  }),
  'SupportRequestCreated',
);
