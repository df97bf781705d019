// SMS through Twilio's REST API (Messages resource), with plain fetch.
import { MessagingError, type SmsProvider } from './types';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  /** https://api.twilio.com unless overridden (a local server in tests). */
  baseUrl?: string;
}

export function createTwilioSms(options: TwilioOptions): SmsProvider {
  const base = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    name: 'twilio',
    async send(to, text) {
      const form = new URLSearchParams({ To: `+${to}`, Body: text });
      if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
      else if (options.from) form.set('From', options.from);
      let response: Response;
      try {
        response = await fetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new MessagingError('sms_send_failed', 'Could not reach Twilio', { cause: error });
      }
      const body = (await response.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!response.ok || !body.sid) {
        throw new MessagingError('sms_send_failed', body.message ?? `Twilio answered ${response.status}`);
      }
      return { messageId: body.sid };
    },
  };
}
