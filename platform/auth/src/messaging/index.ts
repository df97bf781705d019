export { renderMessage } from './templates';
export { createSmtpMailer } from './smtp';
export { createTwilioSms, type TwilioOptions } from './twilio';
export { renderInboxPage, type InboxMessage } from './inbox-page';
export { MessagingError, type Locale, type Mailer, type MessageType, type OutgoingMessage, type RenderedMessage, type SmsProvider } from './types';
