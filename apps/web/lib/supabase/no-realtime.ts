/**
 * The product never uses Supabase Realtime, but supabase-js builds its client on construction, and on Node 20
 * that throws without a WebSocket implementation. This transport fails only if Realtime is ever used.
 */
export class NoRealtime {
  constructor() {
    throw new Error('Supabase Realtime is not used by Citewise on the server');
  }
}
