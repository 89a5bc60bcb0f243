import { z } from '@hono/zod-openapi';

export const ErrorEnvelope = z
  .object({
    error: z.string().openapi({ description: 'A human message in the request language', example: 'Vehicle not found.' }),
    code: z.string().openapi({ description: 'A stable code for programs', example: 'VEHICLE_NOT_FOUND' }),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi('Error');

/** A JSON response or body of this schema, for route declarations. */
export const jsonContent = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { ...jsonContent(schema), required: true } });

/** An error response in the envelope, described by its codes. */
export const failure = (description: string) => ({ description, ...jsonContent(ErrorEnvelope) });

/** A database id in the path (`/{id}`): a positive integer that fits the column. */
export const IdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2147483647)
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});
