export type MessageType =
  | 'signup'
  | 'invite'
  | 'magiclink'
  | 'recovery'
  | 'email_change_current'
  | 'email_change_new'
  | 'reauthentication'
  | 'sms'
  | 'phone_change'
  | 'mfa_phone'
  /** Ours, not GoTrue's: someone tried to sign up with an address that has an account (routes/signup.ts). */
  | 'signup_existing';

export type Locale = 'en' | 'zh';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** An email address, or phone digits (E.164 without '+'). */
  to: string;
  type: MessageType;
  locale: Locale;
  /** The one-time code a person can type. */
  token: string;
  /** The confirmation link (mail only). */
  link?: string;
  /** A second link, labelled with the copy's `extraAction` (mail only). */
  extraLink?: string;
  newEmail?: string;
  siteName: string;
  siteUrl: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(to: string, message: RenderedMessage): Promise<{ messageId: string }>;
}

export interface SmsProvider {
  name: string;
  send(to: string, text: string): Promise<{ messageId: string }>;
}

export class MessagingError extends Error {
  override name = 'MessagingError';
  constructor(
    readonly code: 'smtp_failed' | 'sms_send_failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
