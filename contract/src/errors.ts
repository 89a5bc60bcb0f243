import { z } from 'zod';

/**
 * The API's error envelope (DESIGN §2): what every refusal and failure answers, declared once for
 * the API (its OpenAPI `Error`, described by `.meta`) and the clients that read it.
 */
export const ErrorEnvelope = z.object({
  error: z.string().meta({ description: 'A human message in the request language', example: 'Vehicle not found.' }),
  code: z.string().meta({ description: 'A stable code for programs', example: 'VEHICLE_NOT_FOUND' }),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
/** One field's message: `path` names the field as the request did (`options.2`). */
export type ErrorDetail = NonNullable<ErrorEnvelope['details']>[number];
