import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';

export const PictureUpload = z
  .object({
    file: z
      .instanceof(File, { error: msg('validation.required') })
      .openapi({ type: 'string', format: 'binary', description: 'A JPEG or PNG of at most 5 MB' }),
  })
  .openapi('PictureUpload');

export const Rendition = z.object({
  width: z.number(),
  height: z.number(),
  format: z.enum(['avif', 'webp', 'jpeg', 'png']),
  url: z.string().openapi({ example: '/media/pictures/3f/3f9c…/640.webp' }),
});

export const Picture = z
  .object({
    id: z.number(),
    url: z.string().openapi({ description: 'The full picture, upright, without metadata', example: '/media/pictures/3f/3f9c…/full.jpg' }),
    width: z.number(),
    height: z.number(),
    renditions: z.array(Rendition),
  })
  .openapi('Picture');
