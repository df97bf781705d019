// Delivers mails and SMS: through SMTP / Twilio when configured, into the dev mailbox otherwise (or as well,
// with MAILBOX_ENABLED=true). The global hourly budgets of GoTrue apply on top of per-user frequencies.
import { desc, eq } from '@citewise/db/orm';
import type { Database } from '@citewise/db';
import type { AuthConfig } from './config';
import { mailbox } from './db/schema';
import { AuthError } from './errors';
import type { Limiters } from './limits';
import { MessagingError, createSmtpMailer, createTwilioSms, renderMessage, type Locale, type Mailer, type MessageType, type SmsProvider } from './messaging';

export interface Delivery {
  channel: 'email' | 'sms';
  to: string;
  type: MessageType;
  locale: Locale;
  token: string;
  tokenHash?: string;
  link?: string;
  extraLink?: string;
  newEmail?: string;
}

export interface Messenger {
  mailboxEnabled: boolean;
  /** Whether a message on this channel can be delivered at all (a real provider, or the mailbox). */
  canSend(channel: 'email' | 'sms'): boolean;
  send(delivery: Delivery): Promise<{ messageId: string | null }>;
  inbox(to: string | null, limit?: number): Promise<Array<typeof mailbox.$inferSelect>>;
}

export function createMessenger(config: AuthConfig, db: Database, limiters: Limiters): Messenger {
  const mailer: Mailer | null = config.SMTP_URL
    ? createSmtpMailer({
        url: config.SMTP_URL,
        from: config.AUTH_SMTP_SENDER_NAME ? `"${config.AUTH_SMTP_SENDER_NAME}" <${config.AUTH_SMTP_ADMIN_EMAIL}>` : config.AUTH_SMTP_ADMIN_EMAIL,
      })
    : null;
  const sms: SmsProvider | null =
    config.AUTH_SMS_PROVIDER === 'twilio'
      ? createTwilioSms({
          accountSid: config.AUTH_SMS_TWILIO_ACCOUNT_SID!,
          authToken: config.AUTH_SMS_TWILIO_AUTH_TOKEN!,
          messagingServiceSid: config.AUTH_SMS_TWILIO_MESSAGE_SERVICE_SID,
          from: config.AUTH_SMS_TWILIO_FROM,
          baseUrl: config.AUTH_SMS_TWILIO_URL,
        })
      : null;

  return {
    mailboxEnabled: config.mailboxEnabled,
    canSend: (channel) => config.mailboxEnabled || (channel === 'email' ? Boolean(mailer) : Boolean(sms)),
    async send(delivery) {
      const budget = delivery.channel === 'email' ? limiters.emailSent : limiters.smsSent;
      const autoconfirm = delivery.channel === 'email' ? config.AUTH_MAILER_AUTOCONFIRM : config.AUTH_SMS_AUTOCONFIRM;
      if (!autoconfirm && !(await budget.consume('global')).ok) {
        throw delivery.channel === 'email'
          ? new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
          : new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded');
      }
      const rendered = renderMessage({
        channel: delivery.channel,
        to: delivery.to,
        type: delivery.type,
        locale: delivery.locale,
        token: delivery.token,
        link: delivery.link,
        extraLink: delivery.extraLink,
        newEmail: delivery.newEmail,
        siteName: config.AUTH_SITE_NAME,
        siteUrl: config.siteUrl,
      });
      let messageId: string | null = null;
      try {
        if (delivery.channel === 'email' && mailer) messageId = (await mailer.send(delivery.to, rendered)).messageId;
        if (delivery.channel === 'sms' && sms) messageId = (await sms.send(delivery.to, rendered.text)).messageId;
      } catch (error) {
        if (error instanceof MessagingError) {
          throw delivery.channel === 'email'
            ? new AuthError(500, 'unexpected_failure', 'Error sending email')
            : new AuthError(422, 'sms_send_failed', `Error sending sms: ${error.message}`);
        }
        throw error;
      }
      if (config.mailboxEnabled) {
        const [row] = await db
          .insert(mailbox)
          .values({
            to: delivery.to,
            channel: delivery.channel,
            type: delivery.type,
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
            token: delivery.token,
            tokenHash: delivery.tokenHash ?? null,
            link: delivery.link ?? null,
          })
          .returning({ id: mailbox.id });
        messageId ??= row!.id;
      }
      return { messageId };
    },
    inbox(to, limit = 100) {
      const query = db.select().from(mailbox);
      return (to ? query.where(eq(mailbox.to, to)) : query).orderBy(desc(mailbox.createdAt)).limit(limit);
    },
  };
}
