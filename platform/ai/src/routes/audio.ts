// The audio endpoints: this runtime has no speech model, so they answer Dify's own "not supported" errors.
import { Hono } from 'hono';
import type { AiEnv } from '../context';
import { DifyError } from '../errors';

export function audioRoutes() {
  return new Hono<AiEnv>()
    .post('/audio-to-text', () => {
      throw new DifyError(400, 'provider_not_support_speech_to_text', 'Provider not support speech to text.');
    })
    .post('/text-to-audio', () => {
      throw new DifyError(400, 'provider_not_support_text_to_speech', 'Provider not support text to speech.');
    });
}
