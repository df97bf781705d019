import { z } from 'zod';

/** Server-side configuration, read once. Every variable is listed in the README. */
const schema = z.object({
  SITE_URL: z
    .url({ message: 'SITE_URL must be an absolute URL such as https://citewise.example' })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export const env = schema.parse(process.env);
