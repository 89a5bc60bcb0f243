import { msg } from '@autoroute/contract/messages';
import { Picture as ContractPicture } from '@autoroute/contract/vehicles';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

export const PictureUpload = named(
  z.object({
    file: z
      .instanceof(File, { error: msg('validation.required') })
      .openapi({ type: 'string', format: 'binary', description: 'A JPEG or PNG of at most 5 MB' }),
  }),
  'PictureUpload',
);

/** A listing's picture (@autoroute/contract/vehicles), named in the API document. */
export const Picture = named(ContractPicture, 'Picture');
