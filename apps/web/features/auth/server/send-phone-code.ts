import 'server-only';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { toAppError } from './to-app-error';

/**
 * Sends a one-time sign-in code by SMS (channel `sms`). As with Supabase, a number without an account gets
 * one when the code is confirmed, unless sign-ups are switched off.
 */
export async function sendPhoneCode(phone: string): Promise<{ data: { messageId: string | null } }> {
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.signInWithOtp({ phone, options: { channel: 'sms' } });
  if (error) throw toAppError(error);
  return { data: { messageId: data.messageId ?? null } };
}
